import { assemblyEntryLimit, type HoeDetail, type TabletGdj } from '@contract/assembly';
import type { CeremonyTypeDetail } from '@contract/ceremony';
import type { MembershipPackage } from '@contract/membership';
import { joinFormDefaults } from '@contract/membership-form';
import type { MeritItem } from '@contract/merit';
import { ORDER_TYPES } from '@contract/order-types';
import { judgeTabletDialog } from '@contract/tablet-form';
import { judgeVolunteerForm, volunteerFormDefaults } from '@contract/volunteer-form';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { assemblyOrderMachine } from './assembly-order.machine';
import { authDialogMachine } from './auth-dialog.machine';
import { ceremonyBookingMachine } from './ceremony-booking.machine';
import { checkoutMachine } from './checkout.machine';
import { counterPaymentMachine, judgeCounterPayment } from './counter-payment.machine';
import { enshrinementRenewalMachine, modelEnshrinement } from './enshrinement-renewal.machine';
import { membershipJoinMachine } from './membership-join.machine';
import { membershipRenewalMachine } from './membership-renewal.machine';
import { memorialEntryMachine } from './memorial-entry.machine';
import { meritOrderMachine } from './merit-order.machine';
import { orderMachine } from './order.machine';
import { ON_A_COMPUTER, type PayingDevice, paymentMachine } from './payment.machine';
import { photoUploadMachine } from './photo-upload.machine';
import { proxyRenewalMachine } from './proxy-renewal.machine';
import { digitsMatch, refundConfirmationMachine } from './refund-confirmation.machine';
import { seatSelectionMachine } from './seat-selection.machine';
import { smsCountdownMachine } from './sms-countdown.machine';
import { statueOrderMachine } from './statue-order.machine';
import { tabletBookingMachine } from './tablet-booking.machine';
import { type VolunteerApplicationInput, volunteerApplicationMachine } from './volunteer-application.machine';
import { judgeReview, volunteerReviewMachine } from './volunteer-review.machine';
import { wechatBindingMachine } from './wechat-binding.machine';

/**
 * Every machine of the site, with what the tools need to walk it: the input its generated paths
 * start from and the few context facts that change its behaviour. The events that drive each
 * machine (with their payload variants, and the events of its delays and invoked actors) are
 * test fixtures, typed against the machine's events: `tests/support/statecharts/fixtures/`.
 * The model-based tests, `npm run diagrams` and `npm run paths` walk this list.
 */
export interface MachineEntry<M extends AnyStateMachine = AnyStateMachine> {
  name: MachineName;
  machine: M;
  input?: unknown;
  /** The few context facts that change behaviour; the graph's states are the value plus these. */
  facts?: (snapshot: SnapshotFrom<M>) => Record<string, unknown>;
  /**
   * Other inputs the paths also start from, where the input alone chooses states no event
   * reaches (the payment's way of paying, chosen from the device): each with a label for its paths.
   */
  starts?: { label: string; input: unknown }[];
  /**
   * Where the machine is seen: a believer's view in the SPA (on a desktop and on a phone), a view
   * of the staff console (a desktop's only: the console has no phone edition), or the server (the
   * order lifecycle).
   */
  surface: 'view' | 'console' | 'server';
}

export type MachineName =
  | 'sms-countdown'
  | 'counter-payment'
  | 'refund-confirmation'
  | 'auth-dialog'
  | 'payment'
  | 'checkout'
  | 'merit-order'
  | 'membership-join'
  | 'membership-renewal'
  | 'proxy-renewal'
  | 'memorial-entry'
  | 'order'
  | 'assembly-order'
  | 'ceremony-booking'
  | 'seat-selection'
  | 'statue-order'
  | 'enshrinement-renewal'
  | 'tablet-booking'
  | 'photo-upload'
  | 'volunteer-application'
  | 'volunteer-review'
  | 'wechat-binding';

/** A visit token of the model's WeChat web login. */
export const MODEL_VISIT = 'v'.repeat(43);

/** The payment's model order on a phone with the given WeChat facts (a real WeChat code: no demo page). */
const modelPhonePayment = (device: Omit<PayingDevice, 'phone'>) => ({
  outTradeNo: 'WF20261122100000000001',
  codeUrl: 'weixin://wxpay/bizpayurl?pr=WF20261122',
  expiresAt: '2026-11-22T10:15:00.000Z',
  description: '功德供养·佛前供灯',
  amount: 200,
  device: { phone: true, ...device },
});

const entry = <M extends AnyStateMachine>(e: MachineEntry<M>): MachineEntry => e as unknown as MachineEntry;

/** The item the merit-order paths are walked with: quantity × price (佛前供灯, ¥100 a lamp). */
export const modelMeritItem: MeritItem = {
  ID: 1,
  GD_NAME: '佛前供灯',
  IMAGE: '/images/lamp.svg',
  PARTICULARS: '于佛前供灯一盏。',
  PRICE_MODEL: '1',
  GD_TYPE: '1',
  GD_PRICE: 100,
  GDM: [],
};

/** The assembly the assembly-order paths are walked with: 往生 · 小功德主 (¥300), one entry per tablet. */
export const modelHoe: HoeDetail = {
  HOE_NAME: '清明超荐法会',
  HOE_YEAR: 2026,
  HOE_NL_TIME: '三月初一至初三',
  HOE_YL_TIME: '2026-04-17至2026-04-19',
  IMAGE: '/images/assembly.svg',
  PARTICULARS: '清明时节，礼忏超荐历代先亡。',
  HOE_TYPES: [
    { HOE_TYPE: '往生', PLACES_LEFT: null },
    { HOE_TYPE: '延生', PLACES_LEFT: 20 },
  ],
  LEADER_TABLET: false,
  NEW_YEAR_EVE: false,
  SEVEN_GENERATIONS: false,
  WISDOM: false,
  FREE_AMOUNT: false,
  WATER_LAND: false,
};
export const modelHoePrices: TabletGdj[] = [
  { HOE_TYPE: '往生', TABLET_TYPE: '小功德主', TABLET_PRICE: 300, GDJ: 0 },
];

/** The ceremony the booking paths are walked with: 往生普佛, one tablet type, one tier, two slots. */
export const modelCeremony: CeremonyTypeDetail = {
  FS_TYPE: '1',
  FS_NAME: '往生普佛',
  IMAGE: '/images/ceremony.svg',
  PARTICULARS: '为亡故亲人专堂礼佛诵经。',
  priceList: [{ FS_TYPE: '1', FS_CONTENT: '往生莲位', MANY: '一堂', PRICE: 3800 }],
  SLOTS: ['08:30-10:00', '13:30-15:00'],
};

/** The packages the membership-join paths are walked with (two of the seeded ones). */
export const modelMembershipPackages: MembershipPackage[] = [
  { ITEMNO: 'HY1', CNNAME: '功德会会员（一年）', EXTINT1: 365, EXTINT2: 1 },
  { ITEMNO: 'HY3', CNNAME: '功德会会员（三年）', EXTINT1: 1000, EXTINT2: 3 },
];

/**
 * The volunteer application the paths are walked with: a believer with a name and a phone, on
 * 2026-11-22; the region table knows 黄浦区 (310101, the model's ID numbers); a 2-second countdown.
 */
export const modelVolunteerInput: VolunteerApplicationInput = {
  values: volunteerFormDefaults({ realName: '陈明', phone: '13812345678' }),
  today: '2026-11-22',
  seconds: 2,
  regionOf: (code) =>
    code === '310101' ? { codes: ['31', '3101', '310101'], names: ['上海市', '市辖区', '黄浦区'] } : null,
};

/** The believer's stored photo the photo-upload paths start from (the profile's). */
export const modelPhotoUrl = '/api/yxs-app/believer/photo/0123456789abcdef0123456789abcdef';

export const machineRegistry: MachineEntry[] = [
  // Two seconds reach every state of the countdown; the site counts 60.
  entry({
    name: 'sms-countdown',
    machine: smsCountdownMachine,
    input: { seconds: 2 },
    facts: (s) => ({ lastSecond: s.context.remaining <= 1 }),
    surface: 'view',
  }),
  entry({
    name: 'auth-dialog',
    machine: authDialogMachine,
    facts: (s) => ({ notice: s.context.notice !== null }),
    surface: 'view',
  }),
  entry({
    name: 'payment',
    machine: paymentMachine,
    input: {
      outTradeNo: 'WF20261122100000000001',
      codeUrl: 'http://localhost/pay/sandbox/WF20261122100000000001',
      expiresAt: '2026-11-22T10:15:00.000Z',
      description: '功德供养·佛前供灯',
      amount: 200,
      device: ON_A_COMPUTER,
    },
    starts: [
      {
        label: '微信内',
        input: modelPhonePayment({ inWechat: true, jsapi: true, wechatVisit: MODEL_VISIT }),
      },
      { label: '手机浏览器·H5', input: modelPhonePayment({ h5: true, jsapi: true }) },
      { label: '手机浏览器·无H5', input: modelPhonePayment({ jsapi: true }) },
      {
        label: '电脑·手机接续过的订单',
        input: { ...modelPhonePayment({}), codeUrl: '', device: ON_A_COMPUTER },
      },
    ],
    surface: 'view',
  }),
  // A lamp of ¥100 paid by QR after the statue's 2 s (a reservation answer ends at once).
  entry({
    name: 'checkout',
    machine: checkoutMachine,
    input: {
      order: { type: ORDER_TYPES.merit },
      idempotencyKey: 'key-0009-abcdef',
      qrDelay: 2000,
      device: ON_A_COMPUTER,
    },
    surface: 'view',
  }),
  entry({
    name: 'merit-order',
    machine: meritOrderMachine,
    input: { item: modelMeritItem },
    surface: 'view',
  }),
  // A believer with a name and no other profile; the form's messages, the package, the consent.
  entry({
    name: 'membership-join',
    machine: membershipJoinMachine,
    input: {
      packages: modelMembershipPackages,
      mobile: '13812345678',
      values: joinFormDefaults({
        realName: '陈明',
        gender: '',
        birthDate: '',
        ssqName: '',
        ssqCode: '',
        addres: '',
        photo: '',
      }),
    },
    facts: (s) => ({
      errors: Object.keys(s.context.errors).join(),
      agreed: s.context.agreed,
      refusal: s.context.orderError !== null,
    }),
    surface: 'view',
  }),
  // The assembly variant, 延往生 (both dialogs); `entries.kind` reaches the other tablet types.
  entry({
    name: 'memorial-entry',
    machine: memorialEntryMachine,
    // One entry at most (an assembly of QUANTITY 1): the first entry fills the list, so 添加 is
    // refused once `first` is set, and deleting it makes room again.
    input: {
      options: { variant: 'assembly' },
      tabletKind: '延往生',
      limit: assemblyEntryLimit({ quantity: 1, newYearEve: false, leaderTablet: false }),
    },
    facts: (s) => ({
      kind: s.context.tabletKind,
      first: s.context.entries[0]?.type ?? null,
      // Which fields the save guard reads are filled, in the open dialog (the model's deceased
      // entry is 十方法界一切众生 with its first yang-shang), so a form is built one change at a time.
      form: s.matches('editingDeceased')
        ? (['seat1', 'shang1'] as const).filter((f) => s.context.deceased[f] !== '').join()
        : s.matches('editingBlessing')
          ? s.context.blessing.y1 !== ''
          : null,
    }),
    surface: 'view',
  }),
  entry({ name: 'order', machine: orderMachine, surface: 'server' }),
  // The console's 登记到寺付款: in the form, which fields the rules would flag decide 下一步.
  entry({
    name: 'counter-payment',
    machine: counterPaymentMachine,
    facts: (s) =>
      s.matches('editing') && s.context.order
        ? { wrong: Object.keys(judgeCounterPayment(s.context.values, s.context.order)).join() }
        : {},
    surface: 'console',
  }),
  // The console's refund: whether the order number's last four are typed decides 确认退款.
  entry({
    name: 'refund-confirmation',
    machine: refundConfirmationMachine,
    facts: (s) => (s.matches('reconfirming') ? { match: digitsMatch(s.context) } : {}),
    surface: 'console',
  }),
  // A yearly statue at ¥4,000 a year; the years chosen (3: ¥12,000, a reservation) and the message shown.
  entry({
    name: 'enshrinement-renewal',
    machine: enshrinementRenewalMachine,
    input: { item: modelEnshrinement },
    facts: (s) => ({ years: s.context.years, error: s.context.orderError }),
    surface: 'view',
  }),
  entry({
    name: 'assembly-order',
    machine: assemblyOrderMachine,
    input: { hoe: modelHoe, prices: modelHoePrices },
    facts: (s) => ({ entries: s.context.entries.length, agreed: s.context.agreed }),
    surface: 'view',
  }),
  entry({
    name: 'ceremony-booking',
    machine: ceremonyBookingMachine,
    input: { detail: modelCeremony, now: () => '2026-12-01 10:00:00' },
    // `refused`: after a refusal 取消 keeps the entries and the cause for another time. On the
    // page they change nothing (one editing state: the page cannot unchoose a tier to walk again).
    facts: (s) =>
      s.matches('editing')
        ? {}
        : {
            entries: s.context.entries.length,
            agreed: s.context.agreed,
            cause: s.context.cause !== '',
            refused: s.context.refused,
          },
    surface: 'view',
  }),
  // The map's facts: the area (same or another), the selection, which seats are free on it and
  // which one the believer's own unpaid order holds (`mine`, choosable though reserved).
  entry({
    name: 'seat-selection',
    machine: seatSelectionMachine,
    facts: (s) => ({
      area: s.context.area,
      selected: s.context.selected,
      mine: s.context.mine,
      free:
        s.context.map?.seats
          .filter((seat) => seat.PW_STATUS === 5)
          .map((seat) => seat.POSITION)
          .join() ?? null,
    }),
    surface: 'view',
  }),
  // 大殿内; the seat comes from the invoked map (its snapshot), the total from the term chosen.
  entry({
    name: 'statue-order',
    machine: statueOrderMachine,
    input: { location: '1', locationName: '大殿内' },
    facts: (s) => ({
      seat: s.context.position !== null,
      reservation: (s.context.draft?.GFJ_TOTAL ?? 0) >= 10_000,
      donor: s.context.donor !== '',
      remark: s.context.remark.length > 300,
    }),
    surface: 'view',
  }),
  // 小牌位; the place comes from the invoked map (its snapshot) and only matters on the page; the
  // total (reserved or not), the category and whether the names pass matter in the dialogs.
  entry({
    name: 'tablet-booking',
    machine: tabletBookingMachine,
    input: { pwType: '2' },
    facts: (s) =>
      s.matches('editing')
        ? { seat: s.context.position !== null }
        : {
            reservation: (s.context.draft?.GFJ_TOTAL ?? 0) >= 10_000,
            category: s.context.draft?.FS_TYPE ?? null,
            names: s.matches('ordering.confirming')
              ? Object.keys(
                  judgeTabletDialog({
                    category: s.context.draft?.FS_TYPE ?? '1',
                    names: s.context.names,
                    descendants: s.context.descendants,
                  }),
                ).length === 0
              : null,
          },
    surface: 'view',
  }),
  // The two model packages, the first chosen; the end date shown comes from the page's query.
  entry({
    name: 'membership-renewal',
    machine: membershipRenewalMachine,
    input: { packages: modelMembershipPackages },
    surface: 'view',
  }),
  // Whether a relation is chosen is what 确认续费 judges; the lookup's form is judged per event.
  entry({
    name: 'proxy-renewal',
    machine: proxyRenewalMachine,
    input: { packages: modelMembershipPackages },
    facts: (s) => ({ relation: s.context.relation !== null }),
    surface: 'view',
  }),
  // The profile's photo field with a stored photo; whether there is one decides 移除照片.
  entry({
    name: 'photo-upload',
    machine: photoUploadMachine,
    input: { use: 'profile', url: modelPhotoUrl },
    facts: (s) => ({ photo: s.context.url !== '' }),
    surface: 'view',
  }),
  // How many fields 提交 would flag (3 or more alike): the paths fill the form in three steps (the
  // whole form, 随时, the photo) until it can be sent, and whether the photo uploads (提交 waits).
  // What the page shows comes from the snapshot.
  entry({
    name: 'volunteer-application',
    machine: volunteerApplicationMachine,
    input: modelVolunteerInput,
    facts: (s) => {
      const judged = judgeVolunteerForm(s.context.values, s.context.today);
      return {
        todo: judged.outcome === 'invalid' ? Math.min(Object.keys(judged.errors).length, 3) : 0,
        uploading: s.context.photoUploading,
      };
    },
    surface: 'view',
  }),
  // The staff console's review of a volunteer application: what was chosen and entered decides
  // whether 下一步 goes on; the messages shown and a refusal are what the dialog says.
  entry({
    name: 'volunteer-review',
    machine: volunteerReviewMachine,
    facts: (s) => ({
      decision: s.context.decision,
      note: s.context.note === '' ? 'empty' : judgeReview('approved', s.context.note).note ? 'bad' : 'ok',
      errors: Object.keys(s.context.errors).join(),
      refusal: s.context.refusal !== null,
    }),
    surface: 'console',
  }),
  // 个人中心's WeChat binding: asked inside WeChat with this tab's web login, once per tab.
  entry({
    name: 'wechat-binding',
    machine: wechatBindingMachine,
    input: { visit: MODEL_VISIT, declined: false },
    starts: [
      { label: '无本页微信授权', input: { visit: null, declined: false } },
      { label: '本页已选暂不', input: { visit: MODEL_VISIT, declined: true } },
    ],
    facts: (s) => ({ notice: s.context.notice, error: s.context.error }),
    surface: 'view',
  }),
];

export const findMachine = (name: string): MachineEntry | undefined =>
  machineRegistry.find((e) => e.name === name);
