import { AUTH_MESSAGES } from '@contract/auth';
import { BELIEVER_MESSAGES, type BelieverProfile, believerApi, idCheckChar } from '@contract/believer';
import { maskPhone } from '@contract/phone';
import { PHOTO_MESSAGES, photoApi } from '@contract/photo';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeRoute, fakeApi, heldCalls, ok, refused } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { session } from '../support/statecharts/fixtures/auth-dialog';

const PHOTO = '/api/yxs-app/believer/photo/0123456789abcdef0123456789abcdef';
const NEW_PHOTO = '/api/yxs-app/believer/photo/fedcba9876543210fedcba9876543210';

const stored: BelieverProfile = {
  xzCode: 'XZ00000001',
  realName: '陈明',
  phone: session.userInfo.phone,
  addres: '愚园路1号',
  cardId: '',
  telNumber: '',
  postCode: '200040',
  photo: PHOTO,
  ssqName: '上海市/市辖区/静安区',
  ssqCode: '31,3101,310106',
  birthDate: '1949-12-31',
  gender: '1',
  email: '',
};

const open = async (routes: Record<string, FakeRoute> = {}) => {
  const api = fakeApi({
    'GET /api/yxs-app/user/me': () => ok(session.userInfo),
    [`GET ${believerApi.profile.path}`]: () => ok(stored),
    ...routes,
  });
  sessionStore.save(session);
  const app = renderApp('#/UserCenter');
  const form = await screen.findByRole('form', { name: '我的信息' }, { timeout: 5000 });
  return { ...app, api, form };
};

/** A field's part of the form (its `data-field` wrapper): a field's queries stay within it. */
const inField = (key: string) => within(document.querySelector(`[data-field="${key}"]`) as HTMLElement);
const TEXT_FIELDS: Record<string, string> = {
  姓名: 'realName',
  身份证号: 'cardId',
  邮箱: 'email',
  邮政编码: 'postCode',
  详细地址: 'addres',
};
/**
 * A text field by its label, within its wrapper: over the page a query by name computes the name
 * of every textbox (with getComputedStyle, in jsdom).
 */
const field = (name: string) =>
  inField(TEXT_FIELDS[name] ?? name).getByRole('textbox', { name }) as HTMLInputElement;
/** The form's last row, its own button's (not the photo's, which waits too while a photo uploads). */
const saveRow = () => within(screen.getByRole('form', { name: '我的信息' }).lastElementChild as HTMLElement);
/** The form's button: 保存, or 请稍候… while it sends. */
const save = () => saveRow().getByRole('button', { name: /保存|请稍候/ });
/**
 * Enters `text` in a field as a believer pasting it: one input event, one render of the form.
 * Typed, each keystroke would draw the whole form again (its region picker's selects build every
 * option of their lists each time); where typing itself is the point, the tests type.
 */
const paste = async (user: UserEvent, box: HTMLElement, text: string) => {
  await user.click(box);
  await user.paste(text);
};
const toasts = () => toastQueue.visibleToasts.map((t) => t.content.text);
const puts = (api: { calls: { method: string; path: string; body: unknown }[] }) =>
  api.calls.filter((c) => c.method === 'PUT' && c.path === believerApi.update.path);

describe('我的信息', { timeout: 20_000 }, () => {
  afterEach(() => {
    sessionStorage.clear();
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('shows the stored profile in its fields', async () => {
    const { form, api } = await open();
    expect(form).toHaveTextContent('XZ00000001');
    expect(form).toHaveTextContent(maskPhone(session.userInfo.phone));
    expect(form).toHaveTextContent('信众');
    expect(field('姓名')).toHaveValue('陈明');
    expect(field('邮政编码')).toHaveValue('200040');
    expect(field('详细地址')).toHaveValue('愚园路1号');
    expect(inField('gender').getByRole('radio', { name: '男' })).toBeChecked();
    expect(inField('birthDate').getByLabelText('出生日期')).toHaveValue('1949-12-31');
    // The photo is shown to its owner only: fetched with the token, shown from an object URL.
    expect(await inField('photo').findByRole('img', { name: '照片预览' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    const fetched = api.calls.find((c) => c.path === PHOTO);
    expect(fetched?.headers.get('authorization')).toBe(`Bearer ${session.token}`);
    const region = inField('ssqCode');
    await waitFor(() => expect(region.getByRole('button', { name: /省份/ })).toHaveTextContent('上海市'));
    expect(region.getByRole('button', { name: /区县/ })).toHaveTextContent('静安区');
  });

  it('judges the form with the contract before sending: each message beside its field, focus on the first', async () => {
    const { user, api } = await open();
    await user.clear(field('姓名'));
    await paste(user, field('身份证号'), '110105194912310021');
    await paste(user, field('邮箱'), 'chen@');
    await user.click(save());
    expect(await screen.findByText(AUTH_MESSAGES.nameEmpty)).toBeInTheDocument();
    expect(screen.getByText(BELIEVER_MESSAGES.idCard)).toBeInTheDocument();
    expect(screen.getByText(BELIEVER_MESSAGES.email)).toBeInTheDocument();
    expect(field('身份证号')).toHaveAccessibleDescription(BELIEVER_MESSAGES.idCard);
    await waitFor(() => expect(field('姓名')).toHaveFocus());
    expect(puts(api)).toHaveLength(0);
    // Mended, the message goes as the believer types.
    await user.type(field('姓名'), '陈明');
    expect(screen.queryByText(AUTH_MESSAGES.nameEmpty)).not.toBeInTheDocument();
  });

  it('refuses a birth date after today', async () => {
    const { user, api } = await open();
    const birth = inField('birthDate').getByLabelText('出生日期');
    await user.clear(birth);
    await user.type(birth, '2999-01-01');
    await user.click(save());
    expect(await screen.findByText(BELIEVER_MESSAGES.birthFuture)).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);
  });

  it('fills the birth date and gender from a valid ID number where they are empty', async () => {
    const { user } = await open({
      [`GET ${believerApi.profile.path}`]: () => ok({ ...stored, birthDate: '', gender: '' }),
    });
    const first17 = '11010519800202002';
    await paste(user, field('身份证号'), `${first17}${idCheckChar(first17)}`);
    await user.tab();
    expect(inField('birthDate').getByLabelText('出生日期')).toHaveValue('1980-02-02');
    expect(inField('gender').getByRole('radio', { name: '女' })).toBeChecked();
  });

  it('saves: the button waits while sending, then 更新成功 and the form shows what was kept', async () => {
    const held = heldCalls();
    const { user, api } = await open({ [`PUT ${believerApi.update.path}`]: () => held.next() });
    await user.clear(field('姓名'));
    await paste(user, field('姓名'), '  陈慧明 ');
    await paste(user, field('身份证号'), '11010519491231002x');
    await user.click(inField('ssqCode').getByRole('button', { name: /区县/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '徐汇区' }));
    await user.click(save());
    await waitFor(() => expect(held.count).toBe(1));
    expect(save()).toBeDisabled();
    expect(puts(api)[0]?.body).toMatchObject({
      realName: '陈慧明',
      cardId: '11010519491231002X',
      ssqCode: '31,3101,310104',
      ssqName: '上海市/市辖区/徐汇区',
      photo: PHOTO,
      gender: '1',
    });
    held.answer(
      ok({ ...stored, realName: '陈慧明', cardId: '11010519491231002X' }, BELIEVER_MESSAGES.updated),
    );
    await waitFor(() => expect(toasts()).toContain(BELIEVER_MESSAGES.updated));
    expect(field('姓名')).toHaveValue('陈慧明');
    expect(save()).toBeEnabled();
  });

  it('sends the photo the upload answered', async () => {
    const { user, api } = await open({
      [`POST ${photoApi.upload.path}`]: () => ok({ url: NEW_PHOTO }, PHOTO_MESSAGES.uploaded),
      [`PUT ${believerApi.update.path}`]: () =>
        ok({ ...stored, photo: NEW_PHOTO }, BELIEVER_MESSAGES.updated),
    });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === NEW_PHOTO)).toBe(true));
    expect(await screen.findByRole('img', { name: '照片预览' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(save());
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]?.body).toMatchObject({ photo: NEW_PHOTO });
  });

  it('保存 waits while a photo uploads; a refused photo is said beside the field, the stored one kept', async () => {
    const uploads = heldCalls();
    const { user, api } = await open({
      [`POST ${photoApi.upload.path}`]: uploads.next,
      [`PUT ${believerApi.update.path}`]: () => ok(stored, BELIEVER_MESSAGES.updated),
    });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(uploads.count).toBe(1));
    // The photo's button waits too (请稍候…): 保存 is the form's.
    const saveButton = saveRow().getByRole('button', { name: '保存' });
    expect(saveButton).toBeDisabled();
    await user.click(saveButton);
    expect(puts(api)).toHaveLength(0);
    uploads.answer(refused(413, PHOTO_MESSAGES.size));
    await waitFor(() => expect(save()).toBeEnabled());
    const photoField = document.querySelector('[data-field="photo"]') as HTMLElement;
    expect(within(photoField).getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.size);
    expect(within(photoField).getByText(PHOTO_MESSAGES.hint)).toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]?.body).toMatchObject({ photo: PHOTO });
  });

  it('keeps every field as typed when the update is refused, the message beside its field', async () => {
    const { user } = await open({
      [`PUT ${believerApi.update.path}`]: () => refused(400, BELIEVER_MESSAGES.postCode),
    });
    await user.clear(field('详细地址'));
    await paste(user, field('详细地址'), '南京西路2号');
    await user.click(save());
    expect(
      await screen.findByText(BELIEVER_MESSAGES.postCode, { selector: '[slot="errorMessage"], p, div' }),
    ).toBeInTheDocument();
    expect(field('邮政编码')).toHaveAccessibleDescription(BELIEVER_MESSAGES.postCode);
    expect(field('详细地址')).toHaveValue('南京西路2号');
    expect(save()).toBeEnabled();
  });

  it('keeps every field when the server fails or the network does', async () => {
    let fail: () => never = () => {
      throw new TypeError('Failed to fetch');
    };
    const { user, api } = await open({
      [`PUT ${believerApi.update.path}`]: () => fail(),
    });
    await user.clear(field('详细地址'));
    await paste(user, field('详细地址'), '南京西路2号');
    await user.click(save());
    await waitFor(() => expect(save()).toBeEnabled());
    expect(field('详细地址')).toHaveValue('南京西路2号');
    fail = () => {
      throw new Error('unused');
    };
    expect(puts(api)).toHaveLength(1);
  });

  it('on a 401 says 请重新登录, goes to /login, and gives the draft back after logging in again', async () => {
    const { user, router } = await open({
      [`PUT ${believerApi.update.path}`]: () => refused(401, AUTH_MESSAGES.unauthorized),
    });
    await user.clear(field('详细地址'));
    await paste(user, field('详细地址'), '南京西路2号');
    await paste(user, field('身份证号'), '11010519491231002X');
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(toasts()).toContain(BELIEVER_MESSAGES.reLogin);
    expect(sessionStore.token()).toBeNull();
    // The draft is kept for the tab, but the ID number never goes to the browser's storage.
    expect(sessionStorage.getItem('user-center.profile-draft')).toContain('南京西路2号');
    expect(sessionStorage.getItem('user-center.profile-draft')).not.toContain('11010519491231002X');

    sessionStore.save(session);
    await router.navigate({ to: '/UserCenter' });
    await screen.findByRole('form', { name: '我的信息' }, { timeout: 5000 });
    expect(field('详细地址')).toHaveValue('南京西路2号');
  });

  it('says 请重新登录 with 重试 when the profile cannot be loaded', async () => {
    let failing = true;
    fakeApi({
      'GET /api/yxs-app/user/me': () => ok(session.userInfo),
      [`GET ${believerApi.profile.path}`]: () => (failing ? refused(500, '服务器繁忙') : ok(stored)),
    });
    sessionStore.save(session);
    const { user } = renderApp('#/UserCenter');
    expect(await screen.findByText(BELIEVER_MESSAGES.reLogin, {}, { timeout: 5000 })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('form', { name: '我的信息' })).toBeInTheDocument();
  });
});
