import { AUTH_MESSAGES, authApi, session, userInfo } from '@contract/auth';
import { mainEnvelope } from '@contract/envelope';
import { PHONE_MESSAGES } from '@contract/phone';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { sql } from 'kysely';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

describe.each(databaseKinds())('SMS login on %s', (kind) => {
  const t = useTestApp(kind);
  let nextPhone = 13900000000;
  const newPhone = () => {
    nextPhone += 1;
    return String(nextPhone);
  };

  const sendCode = (phone: string, type: 'login' | 'register') =>
    t.call('POST', authApi.sendCode.path, { phone, type });
  const lastCode = (phone: string) => /\d{6}/.exec(t.outbox.forPhone(phone)[0]?.text ?? '')?.[0] ?? '';
  const register = async (phone: string) => {
    await sendCode(phone, 'register');
    const res = await t.call('POST', authApi.register.path, {
      account: phone,
      captcha: lastCode(phone),
      realName: '陈居士',
    });
    return v.parse(authApi.register.response, res.body).data;
  };

  it('registers, logs in with a fresh code and knows the user by the token', async () => {
    const phone = newPhone();
    const registered = await register(phone);
    expect(registered.userInfo).toEqual({ phone, userType: 1, realName: '陈居士' });

    t.clock.advance(61);
    expect((await sendCode(phone, 'login')).body.msg).toBe(AUTH_MESSAGES.codeSent);
    const login = await t.call('POST', authApi.login.path, {
      account: phone,
      captcha: lastCode(phone),
      loginType: 'PC',
    });
    expect(login.status).toBe(200);
    const { token } = v.parse(mainEnvelope(session), login.body).data;

    const me = await t.call('GET', authApi.me.path, undefined, token);
    expect(v.parse(mainEnvelope(userInfo), me.body).data.phone).toBe(phone);
  });

  it('refuses a malformed phone with a clear message', async () => {
    for (const phone of ['1381234567', '12812345678', '15412345678', 'abc']) {
      const res = await sendCode(phone, 'register');
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(PHONE_MESSAGES.invalid);
    }
    const empty = await sendCode('', 'register');
    expect(empty.body.msg).toBe(PHONE_MESSAGES.empty);
  });

  it('refuses a second code within 60 s, saying how long to wait', async () => {
    const phone = newPhone();
    expect((await sendCode(phone, 'register')).status).toBe(200);
    t.clock.advance(18);
    const again = await sendCode(phone, 'register');
    expect(again.status).toBe(429);
    expect(again.body.msg).toBe(AUTH_MESSAGES.tooSoon(42));
    expect(again.retryAfter).toBe('42');
    t.clock.advance(42);
    expect((await sendCode(phone, 'register')).status).toBe(200);
  });

  it('sends only one code when twelve requests race on a warm pool', async () => {
    const phone = newPhone();
    // Warm the pool first, so the requests really run side by side on their own connections.
    await Promise.all(Array.from({ length: 12 }, () => sql`select pg_sleep(0.02)`.execute(t.database.db)));
    const answers = await Promise.all(Array.from({ length: 12 }, () => sendCode(phone, 'register')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(11).fill(429)]);
    expect(t.outbox.forPhone(phone)).toHaveLength(1);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.retryAfter).toBe('60');
  });

  it('refuses the sixth wrong code, and the right one after five wrong tries', async () => {
    const phone = newPhone();
    await sendCode(phone, 'register');
    const right = lastCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const attempt = (captcha: string) =>
      t.call('POST', authApi.register.path, { account: phone, captcha, realName: '林女士' });
    const messages: string[] = [];
    for (let i = 0; i < 6; i += 1) messages.push((await attempt(wrong)).body.msg);
    expect(messages).toEqual([
      AUTH_MESSAGES.codeWrong(4),
      AUTH_MESSAGES.codeWrong(3),
      AUTH_MESSAGES.codeWrong(2),
      AUTH_MESSAGES.codeWrong(1),
      AUTH_MESSAGES.codeLocked,
      AUTH_MESSAGES.codeLocked,
    ]);
    const late = await attempt(right);
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe(AUTH_MESSAGES.codeLocked);
  });

  it('refuses an expired code', async () => {
    const phone = newPhone();
    await sendCode(phone, 'register');
    t.clock.advance(5 * 60 + 1);
    const res = await t.call('POST', authApi.register.path, {
      account: phone,
      captcha: lastCode(phone),
      realName: '王先生',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(AUTH_MESSAGES.codeExpired);
  });

  it('spends a code once', async () => {
    const phone = newPhone();
    await register(phone);
    t.clock.advance(61);
    await sendCode(phone, 'login');
    const code = lastCode(phone);
    expect((await t.call('POST', authApi.login.path, { account: phone, captcha: code })).status).toBe(200);
    const reuse = await t.call('POST', authApi.login.path, { account: phone, captcha: code });
    expect(reuse.body.msg).toBe(AUTH_MESSAGES.codeMissing);
  });

  it('answers 401 for a revoked, unknown or missing token', async () => {
    const phone = newPhone();
    const { token } = await register(phone);
    expect((await t.call('GET', authApi.me.path, undefined, token)).status).toBe(200);
    await t.call('POST', authApi.logout.path, undefined, token);
    const revoked = await t.call('GET', authApi.me.path, undefined, token);
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).toBe(AUTH_MESSAGES.unauthorized);
    expect((await t.call('GET', authApi.me.path, undefined, 'not-a-token')).status).toBe(401);
    expect((await t.call('GET', authApi.me.path)).status).toBe(401);
  });

  it('expires a token after 30 days', async () => {
    const { token } = await register(newPhone());
    t.clock.advance(30 * 24 * 3600 + 1);
    expect((await t.call('GET', authApi.me.path, undefined, token)).status).toBe(401);
  });

  it('keeps registration and login apart', async () => {
    const stranger = newPhone();
    expect((await sendCode(stranger, 'login')).body.msg).toBe(AUTH_MESSAGES.notRegistered);
    const member = newPhone();
    await register(member);
    t.clock.advance(61);
    const again = await sendCode(member, 'register');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(AUTH_MESSAGES.alreadyRegistered);
  });

  it('refuses a bad name, an empty code and a body that is not JSON', async () => {
    const phone = newPhone();
    await sendCode(phone, 'register');
    const badName = await t.call('POST', authApi.register.path, {
      account: phone,
      captcha: '123456',
      realName: '<b>',
    });
    expect(badName.body.msg).toBe(AUTH_MESSAGES.nameInvalid);
    const noCode = await t.call('POST', authApi.login.path, { account: phone, captcha: '' });
    expect(noCode.body.msg).toBe(AUTH_MESSAGES.codeEmpty);
    const res = await t.app.request(authApi.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe('请求内容格式不正确');
  });
});
