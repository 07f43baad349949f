import {
  AUTH_MESSAGES,
  cooldownSecondsOf,
  fieldOfRefusal,
  judgeLoginForm,
  judgePhone,
  judgeRegisterForm,
  loginRequest,
  registerRequest,
  sendCodeRequest,
} from '@contract/auth';
import { PHONE_MESSAGES } from '@contract/phone';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const good = { realName: '陈居士', account: '13812345678', captcha: '123456' };
const firstMessage = (schema: v.GenericSchema, input: unknown) =>
  v.safeParse(schema, input).issues?.[0]?.message;

describe('login and register: one row per message of spec 002 section 5 (and the site’s own)', () => {
  it.each([
    ['phone empty', { account: '' }, PHONE_MESSAGES.empty],
    ['phone too short', { account: '1381234567' }, PHONE_MESSAGES.invalid],
    ['phone 154 prefix', { account: '15412345678' }, PHONE_MESSAGES.invalid],
    ['phone 140 prefix', { account: '14012345678' }, PHONE_MESSAGES.invalid],
    ['phone with a dash', { account: '138-1234-5678' }, PHONE_MESSAGES.invalid],
    ['name empty', { realName: '' }, AUTH_MESSAGES.nameEmpty],
    ['name blank', { realName: '  ' }, AUTH_MESSAGES.nameEmpty],
    ['name with a symbol', { realName: '陈居士!' }, AUTH_MESSAGES.nameInvalid],
    ['name over 20', { realName: '陈'.repeat(21) }, AUTH_MESSAGES.nameInvalid],
    ['code empty', { captcha: '' }, AUTH_MESSAGES.codeEmpty],
    ['code of 5 digits', { captcha: '12345' }, AUTH_MESSAGES.codeFormat],
    ['code with letters', { captcha: '12a456' }, AUTH_MESSAGES.codeFormat],
    ['login type not PC', { loginType: 'APP' }, '登录方式不正确'],
    ['a field missing', { captcha: undefined }, AUTH_MESSAGES.codeEmpty],
  ])('%s → %s', (_, over, message) => {
    expect(firstMessage(registerRequest, { ...good, ...over })).toBe(message);
  });

  it('accepts the spec’s login and register requests', () => {
    expect(
      v.parse(loginRequest, { account: good.account, captcha: good.captcha, loginType: 'PC' }),
    ).toBeTruthy();
    expect(v.parse(registerRequest, good)).toMatchObject({ ...good, loginType: 'PC' });
  });

  it('says every message in Chinese, never the input', () => {
    const inputs = [
      null,
      1,
      [],
      {},
      { account: 'x'.repeat(10_000), captcha: 5, realName: {} },
      { loginType: 1 },
    ];
    for (const schema of [loginRequest, registerRequest, sendCodeRequest]) {
      for (const input of inputs) {
        for (const issue of v.safeParse(schema, input).issues ?? []) {
          expect(issue.message).toMatch(/[\u4e00-\u9fa5]/);
          expect(issue.message).not.toMatch(/Invalid|Expected|received/);
          expect(issue.message.length).toBeLessThan(40);
        }
      }
    }
  });

  it('sends codes only for login or register, in Chinese when refused', () => {
    expect(firstMessage(sendCodeRequest, { phone: good.account, type: 'volunteer' })).toBe(
      '验证码用途不正确',
    );
    expect(firstMessage(sendCodeRequest, null)).toBe('提交的内容不完整');
  });
});

describe('the forms judged, each field’s first message', () => {
  it('login: phone and code', () => {
    expect(judgeLoginForm({ account: '', captcha: '' })).toEqual({
      account: PHONE_MESSAGES.empty,
      captcha: AUTH_MESSAGES.codeEmpty,
    });
    expect(judgeLoginForm({ account: good.account, captcha: good.captcha })).toEqual({});
  });

  it('register: name, phone and code', () => {
    expect(judgeRegisterForm({ realName: '', account: '123', captcha: '1' })).toEqual({
      realName: AUTH_MESSAGES.nameEmpty,
      account: PHONE_MESSAGES.invalid,
      captcha: AUTH_MESSAGES.codeFormat,
    });
    expect(judgeRegisterForm(good)).toEqual({});
  });

  it('the phone alone, before a code is sent', () => {
    expect(judgePhone('')).toBe(PHONE_MESSAGES.empty);
    expect(judgePhone('1234')).toBe(PHONE_MESSAGES.invalid);
    expect(judgePhone(good.account)).toBeNull();
  });

  it('tells which field a refusal of the login or register call is about', () => {
    expect(fieldOfRefusal(AUTH_MESSAGES.codeWrong(3))).toBe('captcha');
    expect(fieldOfRefusal(AUTH_MESSAGES.codeExpired)).toBe('captcha');
    expect(fieldOfRefusal(AUTH_MESSAGES.codeLocked)).toBe('captcha');
    expect(fieldOfRefusal(AUTH_MESSAGES.notRegistered)).toBe('account');
    expect(fieldOfRefusal(AUTH_MESSAGES.alreadyRegistered)).toBe('account');
    expect(fieldOfRefusal(AUTH_MESSAGES.nameInvalid)).toBe('realName');
    expect(fieldOfRefusal('服务器繁忙，请稍后再试')).toBe('general');
  });

  it('reads how long the server says to wait before the next code', () => {
    expect(cooldownSecondsOf(AUTH_MESSAGES.tooSoon(57))).toBe(57);
    expect(cooldownSecondsOf(AUTH_MESSAGES.alreadyRegistered)).toBeNull();
  });
});
