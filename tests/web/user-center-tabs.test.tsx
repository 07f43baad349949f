import { screen } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { session } from '../support/statecharts/fixtures/auth-dialog';

const ACTIVITIES = '/api/yxs-app/pay/getMyActivityHis';

const open = async () => {
  fakeApi({
    'GET /api/yxs-app/user/me': () => ok(session.userInfo),
    [`GET ${ACTIVITIES}`]: () => ok({ content: [], totalElements: 0 }),
  });
  sessionStore.save(session);
  const app = renderApp('#/UserCenter');
  await app.user.click(await screen.findByRole('tab', { name: '活动历史' }));
  expect(await screen.findByText('暂无活动记录')).toBeVisible();
  return app;
};

describe('user centre tabs: folding', () => {
  it('a click on the open tab folds it; another click on it opens it again', async () => {
    const { user } = await open();
    const tab = screen.getByRole('tab', { name: '活动历史' });
    await user.click(tab);
    expect(screen.getByText('已收起。再次点击“活动历史”即可展开。')).toBeInTheDocument();
    expect(screen.getByText('暂无活动记录')).not.toBeVisible();
    await user.click(tab);
    expect(screen.queryByText(/已收起/)).not.toBeInTheDocument();
    expect(screen.getByText('暂无活动记录')).toBeVisible();
    // And again, as often as the believer likes; by keyboard as well.
    await user.click(tab);
    expect(screen.getByText(/已收起/)).toBeInTheDocument();
    await user.click(tab);
    expect(screen.queryByText(/已收起/)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByText(/已收起/)).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.queryByText(/已收起/)).not.toBeInTheDocument();
  });

  it('another tab always opens unfolded', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: '活动历史' }));
    expect(screen.getByText(/已收起/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '我的信息' }));
    expect(screen.getByRole('tab', { name: '我的信息' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(/已收起/)).not.toBeInTheDocument();
  });
});
