import { ASSEMBLY_MESSAGES, type HoeDetail } from '@contract/assembly';
import { RESERVATION_NOTICE } from '@contract/payment';
import type { SiteAnswer } from '@contract/site';
import { modelHoe, modelHoePrices } from '@machines/index';
import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, ok, portalOk, refused } from '../../support/fake-api';
import { renderApp } from '../../support/render-app';
import {
  ASSEMBLY_REFUSAL,
  assemblyPrePay,
  reservationAnswer,
} from '../../support/statecharts/fixtures/assembly-order';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import { settle } from '../../support/statecharts/run-on-view';
import {
  choiceRadio,
  entriesOf,
  entryField,
  modelDetailHash,
  modelMeritItems,
  modelPreview,
  pageField,
  pageSubmit,
} from './assembly-order.flow';
import { waitForSubmit } from './tablet-booking.flow';

const ORDER = '/portal/rs/payapi/v1/pay/prePay';

/** The model assembly's detail page (with `hoe` changes), logged in or not; orders answer in turn. */
const openAssembly = async (
  {
    hoe = {},
    loggedIn = true,
    orderAnswers = [portalOk(assemblyPrePay)] as FakeAnswer[],
    site = {},
  } = {} as {
    hoe?: Partial<HoeDetail>;
    loggedIn?: boolean;
    orderAnswers?: FakeAnswer[];
    /** What the site settings say beyond the seed's (the clauses of 报名须知). */
    site?: Partial<SiteAnswer>;
  },
) => {
  const api = fakeApi({
    'GET /api/yxs-app/site/config': () => ok({ ...defaultSiteConfig, demo: false, ...site }),
    'GET /portal/rs/hoeapi/hoe/getHoeAll': () =>
      portalOk({ hoe: { ...modelHoe, ...hoe }, tabletGdjList: modelHoePrices }),
    'GET /portal/rs/hoe-api/v1/hoe/getMeritItemList': () => portalOk(modelMeritItems),
    'GET /portal/rs/hoe-api/v1/hoe/getTabletPreview': () => portalOk(modelPreview),
    'POST /portal/rs/payapi/v1/pay/prePay': () => orderAnswers.shift() ?? portalOk(assemblyPrePay),
    'POST /portal/rs/payapi/v1/pay/payResult': () => ({ body: { code: 0, msg: '0' } }),
    'POST /api/login/mobile': () => ok(session, '登录成功'),
  });
  if (loggedIn) sessionStore.save(session);
  const app = renderApp(modelDetailHash);
  await waitForSubmit();
  const { user } = app;
  const order = () => screen.getByRole('dialog', { name: '订单确认' });
  // Queries within the field they concern (see pageField).
  const choose = async (quantity?: number) => {
    await user.click(choiceRadio('hoeType', /^往生/));
    await user.click(choiceRadio('tabletType', /^小功德主/));
    if (quantity) {
      const field = within(pageField('quantity') as HTMLElement).getByRole('textbox', { name: /^数量/ });
      await user.clear(field);
      await user.type(field, String(quantity));
    }
  };
  const submit = async () => {
    await user.click(pageSubmit());
    await settle();
  };
  const addDeceased = async (shang: string) => {
    await user.click(entriesOf(order()).getByRole('button', { name: '添加' }));
    const entry = screen.getByRole('dialog', { name: /往生牌位$/ });
    const seat = within(within(entry).getByRole('group', { name: '往生牌位一' })).getByRole('combobox', {
      name: '牌位类型',
    });
    await user.selectOptions(seat, '十方法界一切众生');
    await user.type(entryField(entry, 'shang1', '阳上人一'), shang);
    await user.click(within(entry).getByRole('button', { name: '确定' }));
    await settle();
  };
  const agree = () => user.click(within(order()).getByRole('checkbox', { name: /我已阅读并同意/ }));
  const confirm = async () => {
    await user.click(within(order()).getByRole('button', { name: '确认支付' }));
    await settle(10);
  };
  const orders = () => api.calls.filter((c) => c.path === ORDER);
  return { ...app, order, choose, submit, addDeceased, agree, confirm, orders };
};

describe('assembly registration through the page', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.clear();
  });

  it('a form problem comes before the login: 请选择类型! beside the tablet type, focused, no login dialog', async () => {
    const page = await openAssembly({ loggedIn: false });
    await page.user.click(choiceRadio('hoeType', /^往生/));
    await page.submit();
    const tablets = screen.getByRole('radiogroup', { name: '牌位类型' });
    expect(tablets).toHaveTextContent(ASSEMBLY_MESSAGES.chooseTabletType);
    expect(tablets).toContainElement(document.activeElement as HTMLElement);
    expect(screen.queryByRole('dialog', { name: '验证码登录' })).not.toBeInTheDocument();
  });

  it('请添加明细信息 before 请勾选协议！, each shown in the dialog; no order is asked for', async () => {
    const page = await openAssembly();
    await page.choose();
    await page.submit();
    await page.confirm();
    expect(within(page.order()).getByRole('alert')).toHaveTextContent(ASSEMBLY_MESSAGES.addEntry);
    await page.addDeceased('张小明');
    await page.confirm();
    expect(within(page.order()).getByRole('alert')).toHaveTextContent(ASSEMBLY_MESSAGES.agree);
    expect(within(page.order()).getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(page.orders()).toHaveLength(0);
  });

  it('cancelling clears the entries and the agreement: the dialog opens again empty', async () => {
    const page = await openAssembly();
    await page.choose();
    await page.submit();
    await page.addDeceased('张小明');
    await page.agree();
    expect(within(page.order()).getAllByRole('img', { name: /^往生牌位：/ })).toHaveLength(1);
    await page.user.click(within(page.order()).getByRole('button', { name: '取消' }));
    await settle();
    expect(screen.queryByRole('dialog', { name: '订单确认' })).not.toBeInTheDocument();
    await page.submit();
    expect(within(page.order()).getByText('尚未添加明细，请点击“添加”。')).toBeInTheDocument();
    expect(within(page.order()).getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked();
  });

  it('报名须知: the seven clauses of the site settings, in order; 同意 ticks the agreement', async () => {
    const clauses = Array.from({ length: 7 }, (_, i) => `本寺报名须知第${i + 1}条：请如实填写。`);
    const page = await openAssembly({ site: { registrationRules: clauses } });
    await page.choose();
    await page.submit();
    await page.user.click(within(page.order()).getByRole('button', { name: '《报名须知》' }));
    const rules = screen.getByRole('dialog', { name: '报名须知' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(clauses);
    await page.user.click(within(rules).getByRole('button', { name: '同意' }));
    expect(within(page.order()).getByRole('checkbox', { name: /我已阅读并同意/ })).toBeChecked();
  });

  it('a refused order keeps the dialog and its entries, with the server’s words; no QR', async () => {
    const page = await openAssembly({ orderAnswers: [refused(400, ASSEMBLY_REFUSAL)] });
    await page.choose();
    await page.submit();
    await page.addDeceased('张小明');
    await page.agree();
    await page.confirm();
    expect(within(page.order()).getByRole('alert')).toHaveTextContent(ASSEMBLY_REFUSAL);
    expect(within(page.order()).getByRole('button', { name: '确认支付' })).toBeEnabled();
    expect(within(page.order()).getAllByRole('img', { name: /^往生牌位：/ })).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
  });

  it('a new-year-eve assembly takes one entry: 添加 is refused after it, saying why', async () => {
    const page = await openAssembly({ hoe: { NEW_YEAR_EVE: true } });
    await page.choose(3);
    await page.submit();
    await page.addDeceased('张小明');
    const add = entriesOf(page.order()).getByRole('button', { name: '添加' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(ASSEMBLY_MESSAGES.oneEntryOnly);
    await page.agree();
    await page.confirm();
    expect(page.orders()).toHaveLength(1);
  });

  it('QUANTITY 3 with one entry is not sent: the dialog says how many entries it needs', async () => {
    const page = await openAssembly();
    await page.choose(3);
    await page.submit();
    await page.addDeceased('张小明');
    await page.agree();
    await page.confirm();
    expect(within(page.order()).getByRole('alert')).toHaveTextContent(ASSEMBLY_MESSAGES.entriesShort(3, 1));
    expect(page.orders()).toHaveLength(0);
  });

  it('数量 2: the entry count message goes as soon as the second entry is listed; 确认支付 then sends', async () => {
    const page = await openAssembly();
    await page.choose(2);
    await page.submit();
    await page.addDeceased('张小明');
    await page.agree();
    await page.confirm();
    expect(within(page.order()).getByRole('alert')).toHaveTextContent(ASSEMBLY_MESSAGES.entriesShort(2, 1));
    await page.addDeceased('李小红');
    expect(within(page.order()).getAllByRole('img', { name: /^往生牌位：/ })).toHaveLength(2);
    expect(within(page.order()).queryByRole('alert')).not.toBeInTheDocument();
    expect(page.order()).not.toHaveTextContent(/请添加\d+条明细/);
    await page.confirm();
    expect(page.orders()).toHaveLength(1);
  });

  it('a reservation answer (办理成功, no QR) says the place is held 7 days', async () => {
    const page = await openAssembly({ orderAnswers: [portalOk(reservationAnswer, '办理成功')] });
    await page.choose();
    await page.submit();
    await page.addDeceased('张小明');
    await page.agree();
    await page.confirm();
    expect(
      within(screen.getByRole('dialog', { name: '办理成功' })).getByText(RESERVATION_NOTICE),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '请扫码支付' })).not.toBeInTheDocument();
    const [sent] = page.orders();
    expect(sent?.body).toMatchObject({
      jyList: [{ JY1: '十方法界一切众生', YS1: '张小明' }],
      HOE_GDJ_TOTAL: 300,
    });
  });
});
