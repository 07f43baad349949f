import { WECHAT_LOGIN_MESSAGES, wechatCode, wechatLoginApi, wechatVisit } from '@contract/wechat-login';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** WeChat's web login and binding (issue 37): the believer's words, and the schemas' refusals. */
describe('the WeChat web login’s words', () => {
  it('asks the binding’s consent with what it is for, and answers it with two plain choices', () => {
    expect(WECHAT_LOGIN_MESSAGES.bindOffer).toContain('本公众号内付款');
    expect(WECHAT_LOGIN_MESSAGES.bindOffer).toContain('无需再次授权');
    expect(WECHAT_LOGIN_MESSAGES.bindAccept).toBe('使用当前微信');
    expect(WECHAT_LOGIN_MESSAGES.bindDecline).toBe('暂不');
  });

  it('says a binding as it is, and how it is undone', () => {
    expect(WECHAT_LOGIN_MESSAGES.boundLine).toMatch(/^已绑定微信/);
    expect(WECHAT_LOGIN_MESSAGES.unbind).toBe('解除绑定');
    expect(WECHAT_LOGIN_MESSAGES.bound).toContain('已绑定');
    expect(WECHAT_LOGIN_MESSAGES.unbound).toContain('已解除');
    expect(WECHAT_LOGIN_MESSAGES.bindRaced).toContain('稍后再试');
  });

  it('says where to go when a login is spent or forgotten', () => {
    expect(WECHAT_LOGIN_MESSAGES.codeSpent).toContain('重新打开');
    expect(WECHAT_LOGIN_MESSAGES.visitUnknown).toContain('在微信中重新打开');
    expect(WECHAT_LOGIN_MESSAGES.unavailable).toContain('稍后再试');
    expect(WECHAT_LOGIN_MESSAGES.notConfigured).toContain('公众号');
  });

  it('says the wait when codes come too often from one address, in words, never a raw count', () => {
    expect(WECHAT_LOGIN_MESSAGES.tooManyVisits(30)).toBe('微信授权过于频繁，请30秒后再试');
    expect(WECHAT_LOGIN_MESSAGES.tooManyVisits(301)).toBe('微信授权过于频繁，请6分钟后再试');
  });

  it('refuses a malformed code or visit in Chinese, never valibot’s words or the value sent', () => {
    for (const [schema, message] of [
      [wechatCode, WECHAT_LOGIN_MESSAGES.code],
      [wechatVisit, WECHAT_LOGIN_MESSAGES.visit],
    ] as const)
      for (const bad of [42, '', 'has space', '<script>', 'x'.repeat(200)]) {
        const issue = v.safeParse(schema, bad).issues?.[0];
        expect(issue?.message).toBe(message);
        if (bad !== '') expect(message).not.toContain(String(bad));
      }
    expect(v.safeParse(wechatLoginApi.visit.request, { code: '061abcDEF0123456789' }).success).toBe(true);
    expect(v.safeParse(wechatLoginApi.bind.request, { visit: 'A'.repeat(43) }).success).toBe(true);
  });
});
