import { VOLUNTEER_MESSAGES } from '@contract/volunteer';
import { VOLUNTEER_BASIC_FIELDS } from '@contract/volunteer-form';
import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { session } from '../support/statecharts/fixtures/auth-dialog';
import { profileAnswer } from './flows/membership-join.flow';
import { MINE_PATH, openVolunteerPage, volunteerApi } from './flows/volunteer-application.flow';

describe('volunteer success page (/volunteer-success?userName=…)', () => {
  it('thanks the applicant by name, says how the review answers, and offers 再次申请 and the temple’s contacts', async () => {
    fakeApi({});
    renderApp(`#/volunteer-success?userName=${encodeURIComponent('林慧')}`);
    expect(await screen.findByRole('heading', { name: VOLUNTEER_MESSAGES.successTitle })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('林慧居士：')).toBeInTheDocument();
    expect(within(main).getByText(VOLUNTEER_MESSAGES.successThanks)).toBeInTheDocument();
    expect(within(main).getByText(/2-3 个工作日内以短信和电话通知您/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: '再次申请' })).toHaveAttribute(
      'href',
      '/#/guangciVolunteers',
    );
    const contact = main.querySelector('address');
    expect(contact).toHaveTextContent(defaultSiteConfig.phone);
    expect(contact).toHaveTextContent(defaultSiteConfig.address);
  });

  it('without a name it still thanks, greeting nobody', async () => {
    fakeApi({});
    renderApp('#/volunteer-success');
    expect(await screen.findByRole('heading', { name: VOLUNTEER_MESSAGES.successTitle })).toBeInTheDocument();
    expect(screen.queryByText(/居士：/)).not.toBeInTheDocument();
  });
});

describe('volunteer page (/guangciVolunteers)', () => {
  it('a visitor is sent to /index with the login dialog', async () => {
    fakeApi({});
    sessionStore.clear();
    renderApp('#/guangciVolunteers');
    expect(await screen.findByRole('dialog', { name: '验证码登录' })).toBeInTheDocument();
    expect(screen.getByText('此内容需登录后查看。')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/index');
  });
});

describe('volunteer page: arrival and layout', () => {
  afterEach(() => vi.useRealTimers());

  it('a believer whose application waits for review is told so on arrival, with no empty form to fill again', async () => {
    fakeApi({
      'GET /api/yxs-app/believer/getByPhone': () => ok({ ...profileAnswer, realName: '陈明' }),
      'GET /api/yxs-app/user/me': () => ok(session.userInfo),
      [`GET ${MINE_PATH}`]: () => ok({ name: '陈明', mobile: '137****5555', submittedOn: '2026-11-20' }),
    });
    sessionStore.save(session);
    renderApp('#/guangciVolunteers');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { name: VOLUNTEER_MESSAGES.alreadyApplied }),
    ).toBeInTheDocument();
    expect(within(main).getByText('137****5555')).toBeInTheDocument();
    expect(within(main).getByText('2026年11月20日')).toBeInTheDocument();
    const notice = within(main).getByRole('heading', { name: VOLUNTEER_MESSAGES.alreadyApplied })
      .parentElement as HTMLElement;
    expect(within(notice).getByText(/2-3 个工作日内以短信和电话通知您/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/#/index');
    expect(screen.queryByRole('textbox', { name: '姓名' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();
  });

  it('groups the fields: the 皈依 fields follow 是否皈依 together, apart from the phone, code and address; page order is focus order', async () => {
    volunteerApi();
    const { user } = await openVolunteerPage();
    await user.click(
      within(screen.getByRole('radiogroup', { name: '是否皈依' })).getByRole('radio', { name: '是' }),
    );
    const basic = screen.getByRole('group', { name: '基本信息' });
    const shown = [...basic.querySelectorAll('[data-field]')]
      .map((el) => el.getAttribute('data-field'))
      .filter((field, i, all) => all.indexOf(field) === i);
    // The DOM order is the contract's order (the first field with a message takes the focus).
    expect(shown).toEqual(VOLUNTEER_BASIC_FIELDS);
    const at = (field: string) => shown.indexOf(field);
    expect([at('CONVERT_DATE'), at('CONVERT_LEGAL_NAME'), at('REFUGE_TEMPLE')]).toEqual([
      at('BOOL_CONVERT') + 1,
      at('BOOL_CONVERT') + 2,
      at('BOOL_CONVERT') + 3,
    ]);
    // The phone, its code, the address and its postcode sit together under 联系方式.
    expect([at('verifCode'), at('ADDRESS'), at('POST_CODE')]).toEqual([
      at('TEL') + 1,
      at('TEL') + 2,
      at('TEL') + 3,
    ]);
    expect(screen.getByRole('heading', { name: '联系方式' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '信仰情况' })).toBeInTheDocument();
  });

  it('an address with a hyphen, # and brackets is taken; the name’s message says 姓名', async () => {
    volunteerApi();
    const { user } = await openVolunteerPage();
    const name = screen.getByRole('textbox', { name: '姓名' });
    await user.clear(name);
    await user.type(screen.getByRole('textbox', { name: '家庭住址' }), '静安区万福路188弄2-301室（12#楼）');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await vi.waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(VOLUNTEER_MESSAGES.nameEmpty);
    expect(VOLUNTEER_MESSAGES.nameEmpty).toBe('请输入姓名');
    expect(name).toHaveFocus();
    const address = screen.getByRole('textbox', { name: '家庭住址' });
    expect(address).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(VOLUNTEER_MESSAGES.addressInvalid)).not.toBeInTheDocument();
  });
});
