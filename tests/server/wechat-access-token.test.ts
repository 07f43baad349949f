import { WECHAT_LOGIN_MESSAGES } from '@contract/wechat-login';
import { ACCESS_TOKEN_MARGIN_MS } from '@server/services/wechat-access-token';
import { oauthOfFake, useFakeWechatOauth } from '@tests/support/fake-wechat-oauth';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { beforeEach, describe, expect, it } from 'vitest';

/**
 * Issue 37, scope 3: the 服务号's access_token against a fake WeChat that voids a token whenever
 * it issues the next (its own rule). Every instance shares the one token in the database; a stale
 * token is replaced by the one instance holding the AppID's lock, never by two.
 */
describe.each(databaseKinds())('the 服务号’s access_token on %s', (kind) => {
  let secret = '';
  const login = useFakeWechatOauth({
    appid: () => 'wx1234567890abcdef',
    domain: 'temple.test',
    now: () => t.clock.now(),
  });
  const t = useTestApp(kind, {
    wechatOauth: () => {
      secret = login.fake.secret;
      return oauthOfFake(login.fake, () => secret);
    },
  });
  const keeper = () => {
    const found = t.services.wechatAccessToken;
    if (!found) throw new Error('the app has no access-token keeper');
    return found;
  };
  beforeEach(async () => {
    secret = login.fake.secret;
    await t.database.db.deleteFrom('wechat_access_tokens').execute();
  });

  it('asks WeChat once and shares the token until 5 minutes before it expires, then asks once more', async () => {
    const before = login.fake.accessTokens().length;
    const first = await keeper().current();
    expect(await keeper().current()).toBe(first);
    expect(login.fake.accessTokens().slice(before)).toEqual([first]);
    expect(login.fake.acceptsToken(first)).toBe(true);

    t.clock.advance(7200 - ACCESS_TOKEN_MARGIN_MS / 1000 + 1);
    const next = await keeper().current();
    expect(next).not.toBe(first);
    expect(login.fake.accessTokens().slice(before)).toEqual([first, next]);
    expect(login.fake.acceptsToken(next)).toBe(true);
  });

  it('twenty callers of two instances at once, the token stale: one refresh, one token, still valid', async () => {
    const second = await t.secondInstance();
    const keepers = [keeper(), second.services.wechatAccessToken];
    const before = login.fake.accessTokens().length;
    // Warm both pools first, so that the race is between the callers and not the connections.
    await Promise.all(
      keepers.map(() => t.database.db.selectFrom('wechat_access_tokens').selectAll().execute()),
    );
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const k = keepers[i % 2];
        if (!k) throw new Error('no keeper');
        return k.current();
      }),
    );
    const issued = login.fake.accessTokens().slice(before);
    expect(issued).toHaveLength(1);
    expect(new Set(tokens)).toEqual(new Set(issued));
    expect(login.fake.acceptsToken(issued[0] ?? '')).toBe(true);
  });

  it('keeps no token when WeChat refuses the account, says so in Chinese (503) and logs it', async () => {
    secret = 'wrong-secret';
    await expect(keeper().current()).rejects.toMatchObject({
      status: 503,
      message: WECHAT_LOGIN_MESSAGES.unavailable,
    });
    expect(await t.database.db.selectFrom('wechat_access_tokens').selectAll().execute()).toEqual([]);
    expect(t.logs.some((line) => line.includes('wechat.access_token_failed') && line.includes('40125'))).toBe(
      true,
    );
    expect(t.logs.join('\n')).not.toContain(login.fake.secret);
  });
});
