import type * as v from 'valibot';
import { ORDER_TYPES } from './order-types';
import { RESERVATION_HOLD_DAYS } from './reservation-hold';
import { isReservationTotal, SEAT_RULES, spokenPosition } from './seats';
import {
  descendantsRefusal,
  type PwType,
  TABLET_CATEGORY_NAMES,
  TABLET_MESSAGES,
  TABLET_RULES,
  type TabletCategory,
  type TabletFloorItem,
  type TabletOrderRequest,
  type TabletSeatsRequest,
  tabletChoiceRefusal,
  type tabletGroupItem,
  tabletNameRefusal,
  tabletNamesRefusal,
} from './tablet';

export { isReservationTotal };

/**
 * The memorial-tablet selection page and its order dialog (spec 002 sections 2-5): the choices,
 * the judge the tablet-booking machine runs on 提交 (请选择类别和位置, or the draft of the type-3
 * order), the dialog's names with a message beside each field, and the order built from both.
 */
export type TabletGroupItem = v.InferOutput<typeof tabletGroupItem>;

export interface TabletForm {
  category: TabletCategory | '';
  floor: TabletFloorItem | null;
  group: TabletGroupItem | null;
  /** The place's price (yuan), from the seats call of the chosen group; null until it came. */
  price: number | null;
}
export const emptyTabletForm: TabletForm = { category: '', floor: null, group: null, price: null };

/** The tablet type the page books (from the list or the address). */
export interface TabletPlace {
  pwType: PwType;
}

/** What the 温馨提示 and the 预定须知 dialogs say (002 section 2: 10000 yuan and above). */
export const TABLET_NOTICES = {
  hint: `该位置金额在${SEAT_RULES.reservationFromYuan}元及以上，网上仅可预定位置，系统将为您保留${RESERVATION_HOLD_DAYS}天，请于${RESERVATION_HOLD_DAYS}日内前往寺院办理。`,
  reservation: `保留${RESERVATION_HOLD_DAYS}天：提交后系统为您保留该位置${RESERVATION_HOLD_DAYS}天，请于${RESERVATION_HOLD_DAYS}日内前往寺院缴费办理，逾期位置将自动释放。确定提交吗？`,
} as const;

/** The seat map's area key of a floor, type and group (the seat-selection machine's opaque key). */
export const tabletAreaOf = (pwType: PwType, floor: number, group: string): string =>
  [floor, pwType, group].join('|');

/** The seats call of an area key. */
export const tabletSeatsRequestOf = (area: string): TabletSeatsRequest => {
  const [pwLocation = '', pwType = '', ...group] = area.split('|');
  return {
    pwLocation: pwLocation as TabletSeatsRequest['pwLocation'],
    pwType: pwType as PwType,
    pwGroup: group.join('|'),
  };
};

/** The groups of a floor in the cascader (none until a floor is chosen). */
export const tabletGroupsOf = (floors: readonly TabletFloorItem[], floor: number | null): TabletGroupItem[] =>
  floors.find((f) => f.PW_LOCATION === floor)?.groups ?? [];

/** The order without the believer's MOBILE and the dialog's names. */
export type TabletDraft = Omit<TabletOrderRequest, 'MOBILE' | 'zzList' | 'jyList' | 'ysList'>;

type Judged = { outcome: 'invalid'; error: string } | { outcome: 'valid'; draft: TabletDraft };

/** 提交: category, floor, group and seat chosen and the price known (请选择类别和位置). */
export const judgeTabletForm = (place: TabletPlace, form: TabletForm, position: string | null): Judged => {
  const { category, floor, group, price } = form;
  const refusal = tabletChoiceRefusal({ category, floor, group, position });
  if (refusal || !category || !floor || !group || !position || price === null)
    return { outcome: 'invalid', error: refusal ?? TABLET_MESSAGES.chooseAll };
  const [row = ''] = position.split('_');
  return {
    outcome: 'valid',
    draft: {
      type: ORDER_TYPES.tablet,
      CHANNEL: TABLET_RULES.channel,
      FS_TYPE: category,
      PW_TYPE: place.pwType,
      PW_LOCATION: floor.PW_LOCATION,
      PW_GROUP: group.PW_GROUP,
      POSITION: position,
      PW_PRICE: price,
      GFJ_TOTAL: price,
      GF_TYPE: TABLET_RULES.gfType,
      YD_CYCLE: TABLET_RULES.ydCycle,
      PW_YD_FLAG: TABLET_RULES.ydFlag,
      PAY_METHOD: TABLET_RULES.payMethod,
      DATA_SOURCE: TABLET_RULES.dataSource,
      FHTYPENAME: TABLET_CATEGORY_NAMES[category],
      location: `${floor.NAME}/${group.NAME}`,
      CZ_ROW: row,
      PW_DW: '',
      SP_POSITION: spokenPosition(position),
    },
  };
};

/** The message above 提交 of a judged form (请选择类别和位置), none when it passed. */
export const tabletFormError = (judged: Judged): string | null =>
  judged.outcome === 'invalid' ? judged.error : null;
/** The draft of a judged form, none when it did not pass. */
export const tabletDraftOf = (judged: Judged): TabletDraft | null =>
  judged.outcome === 'valid' ? judged.draft : null;

/** The dialog's fields: 供奉人 name0..name2, 阳上 ys0..ys7 (rebirth tablets only). */
export type TabletNameField = `name${number}` | `ys${number}`;
export type TabletDialogErrors = Partial<Record<TabletNameField, string>>;

export const emptyNames = (): string[] => Array.from({ length: TABLET_RULES.maxNames }, () => '');
export const emptyDescendants = (): string[] => Array.from({ length: TABLET_RULES.maxDescendants }, () => '');
/** The order dialog's names as it opens: 3 empty 供奉人 and 8 empty 阳上. */
export const emptyTabletDialog = () => ({ names: emptyNames(), descendants: emptyDescendants() });

/** Every field of the dialog in screen order (for focusing the first message). */
export const tabletDialogFields = (category: TabletCategory): TabletNameField[] => [
  ...emptyNames().map((_, i) => `name${i}` as const),
  ...(category === '2' ? emptyDescendants().map((_, i) => `ys${i}` as const) : []),
];

/**
 * 确定 of 订单确认 (002 section 5): each name 只能输入中文和字母 and at most 20; at least one
 * 供奉人 (请输入一个供奉人姓名, beside the first); for a rebirth tablet (2) every 阳上 valid
 * (阳上只能输入中文和字母) and at least one (请输入阳上人姓名, beside the first: the field is
 * required, as in the memorial entry). The same rules as the server's, which refuses a list
 * with none in 002's words (阳上只能输入中文和字母).
 */
export const judgeTabletDialog = (fields: {
  category: TabletCategory;
  names: readonly string[];
  descendants: readonly string[];
}): TabletDialogErrors => {
  const trimmed = fields.names.map((n) => n.trim());
  const errors: TabletDialogErrors = {};
  trimmed.forEach((name, i) => {
    const refusal = tabletNameRefusal(name);
    if (refusal) errors[`name${i}`] = refusal;
  });
  const missing = tabletNamesRefusal(trimmed);
  if (Object.keys(errors).length === 0 && missing) errors.name0 = missing;
  if (fields.category !== '2') return errors;
  const ys = fields.descendants.map((n) => n.trim());
  let invalid = false;
  ys.forEach((name, i) => {
    if (name === '' || !tabletNameRefusal(name)) return;
    errors[`ys${i}`] = TABLET_MESSAGES.descendant;
    invalid = true;
  });
  const refusal = invalid ? null : descendantsRefusal(ys);
  if (refusal) errors.ys0 = refusal;
  return errors;
};

/** The type-3 order: the draft, the believer's phone and the names the category takes (blanks dropped). */
export const tabletOrderOf = (
  draft: TabletDraft,
  mobile: string,
  names: readonly string[],
  descendants: readonly string[],
): TabletOrderRequest => {
  const filled = names.map((n) => n.trim()).filter((n) => n !== '');
  const ys = descendants.map((n) => n.trim()).filter((n) => n !== '');
  return draft.FS_TYPE === '1'
    ? { ...draft, MOBILE: mobile, zzList: filled.map((FG_ZZ) => ({ FG_ZZ })), jyList: [], ysList: [] }
    : {
        ...draft,
        MOBILE: mobile,
        zzList: [],
        jyList: filled.map((FG_JY) => ({ FG_JY, BIRTH_DAY: '' })),
        ysList: ys.map((YS) => ({ YS })),
      };
};
