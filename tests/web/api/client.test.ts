import { authApi } from '@contract/auth';
import { siteApi } from '@contract/site';
import { defaultSiteConfig } from '@server/db/seed/site';
import { ApiError, mainClient, portalClient, setUnauthorizedHandler } from '@web/api/client';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refused } from '../../support/fake-api';

const lastToast = () => toastQueue.visibleToasts.at(-1)?.content.text;
const session = { token: 'tok-1', userInfo: { phone: '13812345678', userType: 1, realName: null } };

describe('request clients', () => {
  afterEach(() => {
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('sends the bearer token and X-Requested-With, and answers the parsed body', async () => {
    sessionStore.save(session);
    const api = fakeApi({});
    const answer = await mainClient(siteApi.config);
    expect(answer.data.templeName).toBe(defaultSiteConfig.templeName);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(api.calls[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('shows the server message and rejects when the answer is not a success', async () => {
    fakeApi({ 'POST /api/register/verify': () => refused(429, '验证码已发送，请42秒后再试') });
    await expect(
      mainClient(authApi.sendCode, { phone: '13812345678', type: 'login' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(lastToast()).toBe('验证码已发送，请42秒后再试');
  });

  it('treats a 200 response whose code and status are not 200 as a refusal', async () => {
    fakeApi({ 'POST /api/register/verify': () => ({ body: { code: 500, msg: '短信通道繁忙' } }) });
    await expect(mainClient(authApi.sendCode, { phone: '13812345678', type: 'login' })).rejects.toThrow(
      '短信通道繁忙',
    );
  });

  it('on a 401 clears the whole session and hands over to the app', async () => {
    sessionStore.save(session);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fakeApi({ 'GET /api/yxs-app/user/me': () => refused(401, '登录已失效，请重新登录') });
    await expect(mainClient(authApi.me)).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledWith('登录已失效，请重新登录');
    expect(sessionStore.token()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('USER_TYPE')).toBeNull();
  });

  it('says so when a call times out or the network fails', async () => {
    fakeApi({
      'GET /api/yxs-app/site/config': () => Promise.reject(new DOMException('t', 'TimeoutError')),
    });
    await expect(mainClient(siteApi.config)).rejects.toThrow('请求超时，请稍后再试');
    fakeApi({ 'GET /api/yxs-app/site/config': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(mainClient(siteApi.config)).rejects.toThrow('Failed to fetch');
  });

  it('portal client: the bare token, and the data as it comes', async () => {
    sessionStore.save(session);
    const api = fakeApi({ 'GET /api/yxs-app/site/config': () => ok({ ...defaultSiteConfig, demo: false }) });
    await portalClient(siteApi.config);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('tok-1');
  });

  it('refuses an answer that does not match the contract', async () => {
    fakeApi({ 'GET /api/yxs-app/site/config': () => ok({ templeName: 1 }) });
    await expect(mainClient(siteApi.config)).rejects.toThrow('服务器返回的数据有误，请稍后再试');
  });
});
