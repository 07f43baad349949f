import { STAFF_MESSAGES } from '@contract/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';
import { accounts, enrolmentOf, newAccount, SECRET } from './staff-fixtures';

const LIST = '/admin/api/staff';

const open = () => {
  const creates = heldCalls();
  const page = renderConsole(
    '#/staff',
    { [`GET ${LIST}`]: () => ok(accounts), [`POST ${LIST}`]: creates.next },
    ['admin'],
  );
  return { ...page, creates };
};

const table = () => screen.findByRole('grid', { name: '工作人员账号' }, { timeout: 15_000 });
const dialog = () => within(screen.getByRole('dialog'));
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('staff accounts', { timeout: 30_000 }, () => {
  it('lists each account with its roles in Chinese, its state and its last sign-in', async () => {
    open();
    await table();
    const li = within(row('李师兄'));
    expect(li.getByText('admin.li')).toBeInTheDocument();
    expect(li.getByText('管理员')).toBeInTheDocument();
    expect(li.getByText('启用')).toBeInTheDocument();
    expect(li.getByText('2026-11-22 09:30:00')).toBeInTheDocument();
    const wang = within(row('王居士'));
    expect(wang.getByText('客堂、财务')).toBeInTheDocument();
    expect(wang.getByText('已锁定至 2099-01-01 10:00:00')).toBeInTheDocument();
    expect(wang.getByText('从未登录')).toBeInTheDocument();
    expect(within(row('赵居士')).getByText('已停用')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '编辑 赵居士' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重置 赵居士 的动态验证码' })).toBeInTheDocument();
  });

  it('a list that cannot be read says so, and 重试 reads it again', async () => {
    let fail = true;
    const page = renderConsole(
      '#/staff',
      { [`GET ${LIST}`]: () => (fail ? refused(503, '服务暂不可用') : ok(accounts)) },
      ['admin'],
    );
    await screen.findByText('服务暂不可用', {}, { timeout: 15_000 });
    fail = false;
    await page.user.click(screen.getByRole('button', { name: '重试' }));
    await table();
    expect(row('李师兄')).toBeInTheDocument();
  });

  it('新建工作人员 sends one request with what was entered, then shows the QR and the secret once', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '新建工作人员' }));
    await page.user.type(dialog().getByRole('textbox', { name: /用户名/ }), 'kt.chen');
    await page.user.type(dialog().getByRole('textbox', { name: /姓名/ }), '陈居士');
    await page.user.click(dialog().getByRole('button', { name: '生成' }));
    const password = (dialog().getByRole('textbox', { name: /初始密码/ }) as HTMLInputElement).value;
    expect(password).toMatch(/^[A-Za-z0-9\-_.!@#%+=]{16}$/);
    await page.user.click(dialog().getByRole('checkbox', { name: '客堂' }));
    await page.user.click(dialog().getByRole('button', { name: '新建' }));
    expect(page.callsTo('POST', LIST).map((call) => call.body)).toEqual([
      { username: 'kt.chen', displayName: '陈居士', password, roles: ['clerk'] },
    ]);
    const pending = dialog().getByRole('button', { name: '请稍候…' });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    await page.user.click(pending);
    expect(page.callsTo('POST', LIST)).toHaveLength(1);
    page.creates.answer(ok(enrolmentOf(newAccount)));
    const enrolment = await screen.findByRole('dialog', { name: '绑定动态验证码' });
    const shown = within(enrolment);
    expect(shown.getByRole('img', { name: '身份验证器二维码，用户名 kt.chen' })).toBeInTheDocument();
    expect(shown.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(shown.getByText('kt.chen')).toBeInTheDocument();
    expect(shown.getByText('请让该工作人员用身份验证器扫描二维码，此信息只显示一次')).toBeInTheDocument();
    expect(page.callsTo('POST', LIST)).toHaveLength(1);
    await page.user.click(shown.getByRole('button', { name: '完成' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/JBSW Y3DP/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
    await vi.waitFor(() => expect(page.callsTo('GET', LIST)).toHaveLength(2));
  });

  it('a password too short is said beside its field, focused, and nothing is sent', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '新建工作人员' }));
    await page.user.type(dialog().getByRole('textbox', { name: /用户名/ }), 'kt.chen');
    await page.user.type(dialog().getByRole('textbox', { name: /姓名/ }), '陈居士');
    await page.user.type(dialog().getByRole('textbox', { name: /初始密码/ }), 'short');
    await page.user.click(dialog().getByRole('checkbox', { name: '财务' }));
    await page.user.click(dialog().getByRole('button', { name: '新建' }));
    const field = dialog().getByRole('textbox', { name: /初始密码/ });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(new RegExp(`^${STAFF_MESSAGES.passwordTooShort}`));
    expect(field).toHaveFocus();
    expect(dialog().getByRole('textbox', { name: /用户名/ })).not.toHaveAttribute('aria-invalid');
    expect(page.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('no role chosen is said beside the roles, and the first field in error is focused', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '新建工作人员' }));
    await page.user.click(dialog().getByRole('button', { name: '新建' }));
    expect(dialog().getByRole('textbox', { name: /用户名/ })).toHaveFocus();
    expect(dialog().getByRole('group', { name: /角色/ })).toHaveAccessibleDescription(
      STAFF_MESSAGES.rolesEmpty,
    );
    expect(page.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('a username taken (409) is said in the dialog, keeping what was entered', async () => {
    const page = open();
    await table();
    await page.user.click(screen.getByRole('button', { name: '新建工作人员' }));
    await page.user.type(dialog().getByRole('textbox', { name: /用户名/ }), 'kt.wang');
    await page.user.type(dialog().getByRole('textbox', { name: /姓名/ }), '王居士');
    await page.user.type(dialog().getByRole('textbox', { name: /初始密码/ }), 'lotus-garden-bell');
    await page.user.click(dialog().getByRole('checkbox', { name: '客堂' }));
    await page.user.click(dialog().getByRole('button', { name: '新建' }));
    page.creates.answer(refused(409, STAFF_MESSAGES.usernameTaken));
    await vi.waitFor(() =>
      expect(dialog().getByRole('alert')).toHaveTextContent(STAFF_MESSAGES.usernameTaken),
    );
    expect(dialog().getByRole('textbox', { name: /用户名/ })).toHaveValue('kt.wang');
    expect(dialog().getByRole('textbox', { name: /初始密码/ })).toHaveValue('lotus-garden-bell');
    expect(dialog().getByRole('checkbox', { name: '客堂' })).toBeChecked();
    expect(screen.queryByRole('dialog', { name: '绑定动态验证码' })).not.toBeInTheDocument();
  });
});
