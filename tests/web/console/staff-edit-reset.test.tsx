import { STAFF_MESSAGES } from '@contract/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';
import { accounts, enrolmentOf } from './staff-fixtures';

const LIST = '/admin/api/staff';

const open = () => {
  const saves = heldCalls();
  const resets = heldCalls();
  const page = renderConsole(
    '#/staff',
    {
      [`GET ${LIST}`]: () => ok(accounts),
      [`PUT ${LIST}/2`]: saves.next,
      [`PUT ${LIST}/1`]: saves.next,
      [`POST ${LIST}/1/totp`]: resets.next,
    },
    ['admin'],
  );
  return { ...page, saves, resets };
};

const table = () => screen.findByRole('grid', { name: '工作人员账号' }, { timeout: 15_000 });
const dialog = () => within(screen.getByRole('dialog'));

describe('editing an account and resetting its code', { timeout: 30_000 }, () => {
  it('编辑 sends the name, the roles and 停用, says a lock is lifted, then closes and reloads the list', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '编辑 王居士' }));
    expect(dialog().getByRole('textbox', { name: /姓名/ })).toHaveValue('王居士');
    expect(dialog().getByRole('checkbox', { name: '客堂' })).toBeChecked();
    expect(dialog().getByRole('checkbox', { name: '财务' })).toBeChecked();
    expect(dialog().getByText(/已锁定至 2099-01-01 10:00:00，保存后即解除锁定/)).toBeInTheDocument();
    await page.user.click(dialog().getByRole('checkbox', { name: '财务' }));
    await page.user.click(dialog().getByRole('checkbox', { name: /停用此账号/ }));
    await page.user.click(dialog().getByRole('button', { name: '保存' }));
    expect(page.callsTo('PUT', `${LIST}/2`).map((call) => call.body)).toEqual([
      { displayName: '王居士', roles: ['clerk'], disabled: true },
    ]);
    expect(dialog().getByRole('button', { name: '请稍候…' })).toHaveAttribute('aria-disabled', 'true');
    page.saves.answer(ok({ ...accounts[1], roles: ['clerk'], disabled: true, lockedUntil: null }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(page.callsTo('GET', LIST)).toHaveLength(2));
  });

  it('an account that is not locked has no lock hint; a name left empty is said beside it and nothing is sent', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '编辑 李师兄' }));
    expect(dialog().queryByText(/保存后即解除锁定/)).not.toBeInTheDocument();
    await page.user.clear(dialog().getByRole('textbox', { name: /姓名/ }));
    await page.user.click(dialog().getByRole('button', { name: '保存' }));
    const name = dialog().getByRole('textbox', { name: /姓名/ });
    expect(name).toHaveAccessibleDescription(STAFF_MESSAGES.displayNameEmpty);
    expect(name).toHaveFocus();
    expect(page.callsTo('PUT', `${LIST}/1`)).toHaveLength(0);
  });

  it('a new password is sent only when typed; a short one is said beside the field and nothing is sent', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '编辑 李师兄' }));
    const field = dialog().getByRole('textbox', { name: /新密码/ });
    await page.user.type(field, 'short');
    await page.user.click(dialog().getByRole('button', { name: '保存' }));
    expect(field).toHaveAccessibleDescription(new RegExp(STAFF_MESSAGES.passwordTooShort));
    expect(field).toHaveFocus();
    expect(page.callsTo('PUT', `${LIST}/1`)).toHaveLength(0);
    await page.user.type(field, '-but-now-long-enough');
    await page.user.click(dialog().getByRole('button', { name: '保存' }));
    expect(page.callsTo('PUT', `${LIST}/1`).map((call) => call.body)).toEqual([
      {
        displayName: '李师兄',
        roles: accounts[0]?.roles,
        disabled: false,
        password: 'short-but-now-long-enough',
      },
    ]);
  });

  it("the server's refusal (the last administrator) stays in the dialog with what was chosen", async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '编辑 李师兄' }));
    await page.user.click(dialog().getByRole('checkbox', { name: '客堂' }));
    await page.user.click(dialog().getByRole('checkbox', { name: '管理员' }));
    await page.user.click(dialog().getByRole('button', { name: '保存' }));
    expect(page.callsTo('PUT', `${LIST}/1`).map((call) => call.body)).toEqual([
      { displayName: '李师兄', roles: ['clerk'], disabled: false },
    ]);
    page.saves.answer(refused(409, STAFF_MESSAGES.lastAdmin));
    await vi.waitFor(() => expect(dialog().getByRole('alert')).toHaveTextContent(STAFF_MESSAGES.lastAdmin));
    expect(dialog().getByRole('checkbox', { name: '管理员' })).not.toBeChecked();
    expect(dialog().getByRole('checkbox', { name: '客堂' })).toBeChecked();
  });

  it('重置动态验证码 asks first; 取消 sends nothing; 重置 shows the new enrolment once', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '重置 李师兄 的动态验证码' }));
    expect(dialog().getByText(/原来的身份验证器立即失效/)).toBeInTheDocument();
    await page.user.click(dialog().getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(page.callsTo('POST', `${LIST}/1/totp`)).toHaveLength(0);
    await page.user.click(screen.getByRole('button', { name: '重置 李师兄 的动态验证码' }));
    await page.user.click(dialog().getByRole('button', { name: '重置' }));
    expect(page.callsTo('POST', `${LIST}/1/totp`)).toHaveLength(1);
    page.resets.answer(ok(enrolmentOf(accounts[0] as (typeof accounts)[number])));
    const enrolment = within(await screen.findByRole('dialog', { name: '绑定动态验证码' }));
    expect(enrolment.getByRole('img', { name: '身份验证器二维码，用户名 admin.li' })).toBeInTheDocument();
    expect(enrolment.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await page.user.click(enrolment.getByRole('button', { name: '完成' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/JBSW/)).not.toBeInTheDocument();
  });

  it('a refused reset is said in the confirmation, which stays open', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '重置 李师兄 的动态验证码' }));
    await page.user.click(dialog().getByRole('button', { name: '重置' }));
    page.resets.answer(refused(404, STAFF_MESSAGES.accountNotFound));
    await vi.waitFor(() =>
      expect(dialog().getByRole('alert')).toHaveTextContent(STAFF_MESSAGES.accountNotFound),
    );
    expect(screen.queryByRole('dialog', { name: '绑定动态验证码' })).not.toBeInTheDocument();
  });
});
