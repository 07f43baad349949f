import * as net from 'node:net';
import { SMS_MESSAGES, SMS_TEMPLATE_NAMES, SMS_TEMPLATES, type SmsRequest } from '@contract/sms';
import { type SmsRefusalKind, SmsRefused } from '@server/gateways/sms';
import {
  type AliyunSmsClient,
  type AliyunSmsSettings,
  createAliyunSmsClient,
  createAliyunSmsProvider,
  loadAliyunSmsSettings,
} from '@server/gateways/sms-aliyun';
import { templateVariable } from '@server/gateways/sms-config';
import {
  createTencentSmsClient,
  createTencentSmsProvider,
  loadTencentSmsSettings,
  type TencentSendSmsRequest,
  type TencentSendSmsResponse,
  type TencentSmsClient,
  type TencentSmsSettings,
} from '@server/gateways/sms-tencent';
import type { LogFields, Logger } from '@server/logger';
import { afterEach, describe, expect, it, vi } from 'vitest';

const PHONE = '13912345678';
const MASKED = '139****5678';
const CODE = '135790';
const SENT_AT = new Date('2026-03-01T02:00:00Z');

const loginCode: SmsRequest = {
  phone: PHONE,
  template: 'login_code',
  params: { code: CODE, minutes: '5' },
  ref: 'challenge-42',
};

/** One request per template, each with its own parameters. */
const EVERY_TEMPLATE: SmsRequest[] = [
  loginCode,
  {
    phone: PHONE,
    template: 'payment_confirmed',
    params: { orderNo: 'WF202603010001', what: '药师法会随喜', amount: '100.00' },
    ref: 'n-1',
  },
  {
    phone: PHONE,
    template: 'reservation_made',
    params: { orderNo: 'WF202603010002', what: '往生牌位', deadline: '3月8日 17:00' },
    ref: 'n-2',
  },
  {
    phone: PHONE,
    template: 'reservation_reminder',
    params: { orderNo: 'WF202603010002', what: '往生牌位', deadline: '3月8日 17:00' },
    ref: 'n-3',
  },
  { phone: PHONE, template: 'membership_expiring', params: { endDate: '2026年4月1日' }, ref: 'n-4' },
  { phone: PHONE, template: 'volunteer_approved', params: {}, ref: 'n-5' },
  { phone: PHONE, template: 'volunteer_declined', params: {}, ref: 'n-6' },
];

const templateEnv = (prefix: string) =>
  Object.fromEntries(SMS_TEMPLATE_NAMES.map((name, i) => [templateVariable(name), `${prefix}${1000 + i}`]));

const ALIYUN_ENV = {
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'example-secret',
  ALIYUN_SMS_SIGN_NAME: '万福禅寺',
  ...templateEnv('SMS_'),
};

const TENCENT_ENV = {
  TENCENT_SMS_SECRET_ID: 'AKIDexample',
  TENCENT_SMS_SECRET_KEY: 'example-key',
  TENCENT_SMS_SDK_APP_ID: '1400006666',
  TENCENT_SMS_SIGN_NAME: '万福禅寺',
  ...templateEnv(''),
};

const aliyunSettings: AliyunSmsSettings = loadAliyunSmsSettings(ALIYUN_ENV);
const tencentSettings: TencentSmsSettings = loadTencentSmsSettings(TENCENT_ENV);

/** Every log call as made (unmasked), to prove the adapters never hand a secret to the logger. */
const recordingLogger = () => {
  const lines: { level: string; message: string; fields: LogFields | undefined }[] = [];
  const at =
    (level: string) =>
    (message: string, fields?: LogFields): void => {
      lines.push({ level, message, fields });
    };
  const logger: Logger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, logger };
};

const STATUS: Record<SmsRefusalKind, number> = { tooMany: 429, badNumber: 400, unavailable: 503 };

/** The refusal a send ended with (fails the test when it was sent). */
const refusalOf = async (send: Promise<void>): Promise<SmsRefused> => {
  const error = await send.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsRefused);
  return error as SmsRefused;
};

const expectRefusal = (refusal: SmsRefused, kind: SmsRefusalKind, code: string) => {
  expect(refusal.kind).toBe(kind);
  expect(refusal.status).toBe(STATUS[kind]);
  expect(refusal.message).toBe(SMS_MESSAGES[kind]);
  expect(refusal.carrierCode).toBe(code);
};

/** The logs hold no parameter (the login code) and no full phone, whatever happened. */
const expectNoSecrets = (lines: unknown[]) => {
  const text = JSON.stringify(lines);
  expect(text).not.toContain(CODE);
  expect(text).not.toContain(PHONE);
};

const never = <T>() => new Promise<T>(() => {});

// ---------------------------------------------------------------------------------------------
// Aliyun

type AliyunAnswer = Awaited<ReturnType<AliyunSmsClient['sendSmsWithOptions']>>;

const aliyunFake = (answer: () => Promise<AliyunAnswer>) => {
  const sendSmsWithOptions = vi.fn<AliyunSmsClient['sendSmsWithOptions']>(() => answer());
  return { client: { sendSmsWithOptions } satisfies AliyunSmsClient, sendSmsWithOptions };
};

const aliyunBody = (code: string) => async (): Promise<AliyunAnswer> => ({
  body: { code, message: `${code} 的说明`, requestId: 'R-1', bizId: code === 'OK' ? 'B-1' : undefined },
});

const aliyunProvider = (answer: () => Promise<AliyunAnswer>, timeoutMs?: number) => {
  const fake = aliyunFake(answer);
  const log = recordingLogger();
  const provider = createAliyunSmsProvider(aliyunSettings, {
    logger: log.logger,
    client: fake.client,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  return { provider, ...fake, ...log };
};

describe('Aliyun SMS adapter', () => {
  it('sends one message: template code, JSON parameters, the 11-digit phone, outId = ref, sign name', async () => {
    const { provider, sendSmsWithOptions, lines } = aliyunProvider(aliyunBody('OK'));
    await provider.send(loginCode, SENT_AT);
    expect(sendSmsWithOptions).toHaveBeenCalledTimes(1);
    const [request] = sendSmsWithOptions.mock.calls[0] ?? [];
    expect(request).toMatchObject({
      phoneNumbers: PHONE,
      signName: '万福禅寺',
      templateCode: aliyunSettings.templates.login_code,
      outId: 'challenge-42',
    });
    expect(JSON.parse(request?.templateParam ?? '')).toEqual({ code: CODE, minutes: '5' });
    expect(lines).toEqual([
      {
        level: 'info',
        message: 'sms.sent',
        fields: { provider: 'aliyun', template: 'login_code', phone: MASKED },
      },
    ]);
    expectNoSecrets(lines);
  });

  it.each(EVERY_TEMPLATE)('sends $template with its own code and exactly its parameters', async (request) => {
    const { provider, sendSmsWithOptions } = aliyunProvider(aliyunBody('OK'));
    await provider.send(request, SENT_AT);
    const [sent] = sendSmsWithOptions.mock.calls[0] ?? [];
    expect(sent?.templateCode).toBe(aliyunSettings.templates[request.template]);
    const names = SMS_TEMPLATES[request.template].params;
    if (names.length === 0) {
      // Aliyun asks for TemplateParam only when the template has variables.
      expect(sent?.templateParam).toBeUndefined();
    } else {
      expect(Object.keys(JSON.parse(sent?.templateParam ?? '{}'))).toEqual([...names]);
      expect(JSON.parse(sent?.templateParam ?? '{}')).toEqual(request.params);
    }
  });

  it('turns retries off and passes the timeout to every call', async () => {
    const { provider, sendSmsWithOptions } = aliyunProvider(aliyunBody('OK'), 1234);
    await provider.send(loginCode, SENT_AT);
    const [, runtime] = sendSmsWithOptions.mock.calls[0] ?? [];
    expect(runtime).toMatchObject({
      autoretry: false,
      maxAttempts: 1,
      readTimeout: 1234,
      connectTimeout: 1234,
    });
  });

  const ALIYUN_CODES: [string, SmsRefusalKind][] = [
    ['isv.BUSINESS_LIMIT_CONTROL', 'tooMany'],
    ['isv.MOBILE_NUMBER_ILLEGAL', 'badNumber'],
    ['isv.MOBILE_COUNT_OVER_LIMIT', 'unavailable'],
    ['isv.DAY_LIMIT_CONTROL', 'unavailable'],
    ['isv.MONTH_LIMIT_CONTROL', 'unavailable'],
    ['isv.TEMPLATE_MISSING_PARAMETERS', 'unavailable'],
    ['isv.INVALID_JSON_PARAM', 'unavailable'],
    ['isv.SMS_SIGNATURE_ILLEGAL', 'unavailable'],
    ['isv.SMS_TEMPLATE_ILLEGAL', 'unavailable'],
    ['isv.SMS_SIGNATURE_SCENE_ILLEGAL', 'unavailable'],
    ['isv.AMOUNT_NOT_ENOUGH', 'unavailable'],
    ['isv.OUT_OF_SERVICE', 'unavailable'],
    ['isv.BLACK_KEY_CONTROL_LIMIT', 'unavailable'],
    ['isv.SMS_CONTENT_ILLEGAL', 'unavailable'],
    ['isv.DENY_IP_RANGE', 'unavailable'],
    ['isp.RAM_PERMISSION_DENY', 'unavailable'],
    ['isv.SOMETHING_NEW', 'unavailable'],
  ];

  it.each(ALIYUN_CODES)('a body with %s is refused as %s, logged once with the code', async (code, kind) => {
    const { provider, sendSmsWithOptions, lines } = aliyunProvider(aliyunBody(code));
    expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), kind, code);
    expect(sendSmsWithOptions).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'sms.refused',
        fields: { provider: 'aliyun', template: 'login_code', phone: MASKED, code },
      },
    ]);
    expectNoSecrets(lines);
  });

  it('a rate limit asks the believer to wait a minute', async () => {
    const { provider } = aliyunProvider(aliyunBody('isv.BUSINESS_LIMIT_CONTROL'));
    expect((await refusalOf(provider.send(loginCode, SENT_AT))).retryAfterSeconds).toBe(60);
  });

  it.each([
    ['no body', async () => ({})],
    ['a body without code', async () => ({ body: { message: 'x' } })],
    ['no answer at all', async () => undefined as unknown as AliyunAnswer],
  ])('an answer of unexpected shape (%s) is unavailable', async (_, answer) => {
    const { provider, lines } = aliyunProvider(answer);
    expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), 'unavailable', 'NO_CODE');
    expect(lines).toHaveLength(1);
  });

  it('a thrown network error is unavailable, with its code in the log', async () => {
    const error = Object.assign(new Error(`connect ECONNREFUSED for ${PHONE} ${CODE}`), {
      code: 'ECONNREFUSED',
    });
    const { provider, sendSmsWithOptions, lines } = aliyunProvider(() => Promise.reject(error));
    expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), 'unavailable', 'ECONNREFUSED');
    expect(sendSmsWithOptions).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.fields).toMatchObject({ code: 'ECONNREFUSED' });
    expectNoSecrets(lines);
  });

  it('a thrown error carrying a business code is classified by it', async () => {
    const error = Object.assign(new Error('limit'), { code: 'isv.BUSINESS_LIMIT_CONTROL' });
    const { provider } = aliyunProvider(() => Promise.reject(error));
    expectRefusal(
      await refusalOf(provider.send(loginCode, SENT_AT)),
      'tooMany',
      'isv.BUSINESS_LIMIT_CONTROL',
    );
  });

  it('a carrier that never answers fails after timeoutMs as unavailable, called once', async () => {
    const { provider, sendSmsWithOptions, lines } = aliyunProvider(never, 100);
    const started = performance.now();
    expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), 'unavailable', 'TIMEOUT');
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(sendSmsWithOptions).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'sms.refused',
        fields: { provider: 'aliyun', template: 'login_code', phone: MASKED, code: 'TIMEOUT' },
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Tencent Cloud

const tencentFake = (answer: (request: TencentSendSmsRequest) => Promise<TencentSendSmsResponse>) => {
  const SendSms = vi.fn<TencentSmsClient['SendSms']>((request) => answer(request));
  return { client: { SendSms } satisfies TencentSmsClient, SendSms };
};

const status = (phone: string, code: string) => ({
  SerialNo: '2028:1',
  PhoneNumber: phone,
  Fee: code === 'Ok' ? 1 : 0,
  SessionContext: 'challenge-42',
  Code: code,
  Message: code === 'Ok' ? 'send success' : `${code} 的说明`,
  IsoCode: 'CN',
});

const tencentStatus = (code: string) => async (): Promise<TencentSendSmsResponse> => ({
  SendStatusSet: [status(`+86${PHONE}`, code)],
  RequestId: 'R-1',
});

const tencentProvider = (
  answer: (request: TencentSendSmsRequest) => Promise<TencentSendSmsResponse>,
  timeoutMs?: number,
) => {
  const fake = tencentFake(answer);
  const log = recordingLogger();
  const provider = createTencentSmsProvider(tencentSettings, {
    logger: log.logger,
    client: fake.client,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  return { provider, ...fake, ...log };
};

describe('Tencent Cloud SMS adapter', () => {
  it('sends one message: +86 number, app id, sign name, template id, parameter list, SessionContext = ref', async () => {
    const { provider, SendSms, lines } = tencentProvider(tencentStatus('Ok'));
    await provider.send(loginCode, SENT_AT);
    expect(SendSms).toHaveBeenCalledTimes(1);
    expect(SendSms.mock.calls[0]?.[0]).toEqual({
      PhoneNumberSet: [`+86${PHONE}`],
      SmsSdkAppId: '1400006666',
      SignName: '万福禅寺',
      TemplateId: tencentSettings.templates.login_code,
      TemplateParamSet: [CODE, '5'],
      SessionContext: 'challenge-42',
    });
    expect(lines).toEqual([
      {
        level: 'info',
        message: 'sms.sent',
        fields: { provider: 'tencent', template: 'login_code', phone: MASKED },
      },
    ]);
    expectNoSecrets(lines);
  });

  it.each(EVERY_TEMPLATE)(
    'sends $template with as many parameters as the template has, in order',
    async (request) => {
      const { provider, SendSms } = tencentProvider(tencentStatus('Ok'));
      await provider.send(request, SENT_AT);
      const sent = SendSms.mock.calls[0]?.[0];
      const names = SMS_TEMPLATES[request.template].params;
      expect(sent?.TemplateId).toBe(tencentSettings.templates[request.template]);
      expect(sent?.TemplateParamSet).toHaveLength(names.length);
      expect(sent?.TemplateParamSet).toEqual(
        names.map((name) => (request.params as Record<string, string>)[name]),
      );
    },
  );

  const TENCENT_CODES: [string, SmsRefusalKind][] = [
    ['LimitExceeded.PhoneNumberDailyLimit', 'tooMany'],
    ['LimitExceeded.PhoneNumberThirtySecondLimit', 'tooMany'],
    ['LimitExceeded.DeliveryFrequencyLimit', 'tooMany'],
    ['LimitExceeded.PhoneNumberOneHourLimit', 'tooMany'],
    ['LimitExceeded.PhoneNumberSameContentDailyLimit', 'tooMany'],
    ['InvalidParameterValue.IncorrectPhoneNumber', 'badNumber'],
    ['FailedOperation.PhoneNumberInBlacklist', 'badNumber'],
    ['UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber', 'badNumber'],
    ['FailedOperation.SignatureIncorrectOrUnapproved', 'unavailable'],
    ['FailedOperation.TemplateIncorrectOrUnapproved', 'unavailable'],
    ['FailedOperation.TemplateParamSetNotMatchApprovedTemplate', 'unavailable'],
    ['FailedOperation.ContainSensitiveWord', 'unavailable'],
    ['FailedOperation.InsufficientBalanceInSmsPackage', 'unavailable'],
    ['LimitExceeded.AppDailyLimit', 'unavailable'],
    ['LimitExceeded.AppMainlandChinaDailyLimit', 'unavailable'],
    ['UnauthorizedOperation.ServiceSuspendDueToArrears', 'unavailable'],
    ['InternalError.Timeout', 'unavailable'],
    ['LimitExceeded.SomethingNew', 'unavailable'],
  ];

  it.each(TENCENT_CODES)('a status %s for our number is refused as %s, logged once', async (code, kind) => {
    const { provider, SendSms, lines } = tencentProvider(tencentStatus(code));
    expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), kind, code);
    expect(SendSms).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'sms.refused',
        fields: { provider: 'tencent', template: 'login_code', phone: MASKED, code },
      },
    ]);
    expectNoSecrets(lines);
  });

  it.each([
    ['LimitExceeded.PhoneNumberDailyLimit', 'tooMany'],
    ['InvalidParameterValue.IncorrectPhoneNumber', 'badNumber'],
    ['AuthFailure.SignatureFailure', 'unavailable'],
    ['RequestLimitExceeded', 'unavailable'],
  ] as [string, SmsRefusalKind][])(
    'a whole-call error %s thrown by the SDK is refused as %s',
    async (code, kind) => {
      const error = Object.assign(new Error('refused'), { code, requestId: 'R-2' });
      const { provider, lines } = tencentProvider(() => Promise.reject(error));
      expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), kind, code);
      expect(lines).toHaveLength(1);
    },
  );

  it('judges by the status for our number: a 200 whose status for us is a failure is refused', async () => {
    const { provider } = tencentProvider(async () => ({
      SendStatusSet: [
        status('+8613800001111', 'Ok'),
        status(`+86${PHONE}`, 'LimitExceeded.PhoneNumberDailyLimit'),
      ],
    }));
    expectRefusal(
      await refusalOf(provider.send(loginCode, SENT_AT)),
      'tooMany',
      'LimitExceeded.PhoneNumberDailyLimit',
    );
  });

  it('a status of Ok for our number beside another number’s failure is a success', async () => {
    const { provider, lines } = tencentProvider(async () => ({
      SendStatusSet: [
        status('+8613800001111', 'FailedOperation.PhoneNumberInBlacklist'),
        status(`+86${PHONE}`, 'Ok'),
      ],
    }));
    await provider.send(loginCode, SENT_AT);
    expect(lines.map((line) => line.message)).toEqual(['sms.sent']);
  });

  it.each([
    ['no status set', async () => ({ RequestId: 'R-1' }), 'NO_STATUS'],
    ['an empty status set', async () => ({ SendStatusSet: [] }), 'NO_STATUS'],
    [
      'only another number’s status',
      async () => ({ SendStatusSet: [status('+8613800001111', 'Ok')] }),
      'NO_STATUS',
    ],
    [
      'our status without a code',
      async () => ({ SendStatusSet: [{ PhoneNumber: `+86${PHONE}`, SerialNo: '1' }] }),
      'NO_CODE',
    ],
    ['no answer at all', async () => undefined as unknown as TencentSendSmsResponse, 'NO_STATUS'],
  ] as [string, () => Promise<TencentSendSmsResponse>, string][])(
    'an answer of unexpected shape (%s) is unavailable',
    async (_, answer, code) => {
      const { provider, lines } = tencentProvider(answer);
      expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), 'unavailable', code);
      expect(lines).toHaveLength(1);
    },
  );

  it('a thrown network error is unavailable, with its code in the log', async () => {
    const error = Object.assign(new Error(`socket hang up ${PHONE} ${CODE}`), { code: 'ECONNRESET' });
    const { provider, SendSms, lines } = tencentProvider(() => Promise.reject(error));
    expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), 'unavailable', 'ECONNRESET');
    expect(SendSms).toHaveBeenCalledTimes(1);
    expectNoSecrets(lines);
  });

  it('a thrown error without a code is unavailable, named by its HTTP status or its class', async () => {
    const { provider } = tencentProvider(() => Promise.reject(new TypeError('fetch failed')));
    expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), 'unavailable', 'TypeError');
    const bad = Object.assign(new Error('Bad Gateway'), { httpCode: 502 });
    const gateway = tencentProvider(() => Promise.reject(bad));
    expectRefusal(await refusalOf(gateway.provider.send(loginCode, SENT_AT)), 'unavailable', 'HTTP_502');
    const plain = tencentProvider(() => Promise.reject('a string'));
    expectRefusal(await refusalOf(plain.provider.send(loginCode, SENT_AT)), 'unavailable', 'ERROR');
  });

  it('a carrier that never answers fails after timeoutMs as unavailable, called once', async () => {
    const { provider, SendSms, lines } = tencentProvider(never, 100);
    const started = performance.now();
    expectRefusal(await refusalOf(provider.send(loginCode, SENT_AT)), 'unavailable', 'TIMEOUT');
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(SendSms).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => line.fields?.code)).toEqual(['TIMEOUT']);
  });
});

// ---------------------------------------------------------------------------------------------
// Settings

const without = (env: Record<string, string>, variable: string) => {
  const copy = { ...env };
  delete copy[variable];
  return copy;
};

describe('carrier settings', () => {
  it('reads Aliyun’s variables, with the default endpoint', () => {
    expect(aliyunSettings).toEqual({
      name: 'aliyun',
      accessKeyId: 'LTAI5tExampleKeyId',
      accessKeySecret: 'example-secret',
      signName: '万福禅寺',
      endpoint: 'dysmsapi.aliyuncs.com',
      templates: expect.objectContaining({ login_code: 'SMS_1000' }),
    });
    expect(Object.keys(aliyunSettings.templates).sort()).toEqual([...SMS_TEMPLATE_NAMES].sort());
    expect(
      loadAliyunSmsSettings({ ...ALIYUN_ENV, ALIYUN_SMS_ENDPOINT: 'dysmsapi.ap-southeast-1.aliyuncs.com' })
        .endpoint,
    ).toBe('dysmsapi.ap-southeast-1.aliyuncs.com');
  });

  it.each([
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    ...SMS_TEMPLATE_NAMES.map(templateVariable),
  ])('refuses Aliyun settings without %s, naming it', (variable) => {
    expect(() => loadAliyunSmsSettings(without(ALIYUN_ENV, variable))).toThrow(variable);
    expect(() => loadAliyunSmsSettings({ ...ALIYUN_ENV, [variable]: '  ' })).toThrow(variable);
  });

  it('reads Tencent Cloud’s variables, with the default region', () => {
    expect(tencentSettings).toEqual({
      name: 'tencent',
      secretId: 'AKIDexample',
      secretKey: 'example-key',
      sdkAppId: '1400006666',
      signName: '万福禅寺',
      region: 'ap-guangzhou',
      templates: expect.objectContaining({ login_code: '1000' }),
    });
    expect(loadTencentSmsSettings({ ...TENCENT_ENV, TENCENT_SMS_REGION: 'ap-beijing' }).region).toBe(
      'ap-beijing',
    );
  });

  it.each([
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    ...SMS_TEMPLATE_NAMES.map(templateVariable),
  ])('refuses Tencent Cloud settings without %s, naming it', (variable) => {
    expect(() => loadTencentSmsSettings(without(TENCENT_ENV, variable))).toThrow(variable);
  });
});

// ---------------------------------------------------------------------------------------------
// The real SDK clients

describe('the real SDK clients', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Lets anything the constructor started reach the network layer before we look. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('Aliyun: built with dummy credentials, no retry, our endpoint and timeouts, and no connection', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const client = createAliyunSmsClient(aliyunSettings, 2500) as unknown as Record<string, unknown>;
    expect(() => createAliyunSmsProvider(aliyunSettings, { logger: recordingLogger().logger })).not.toThrow();
    await settle();
    expect(connect).not.toHaveBeenCalled();
    expect(typeof client.sendSmsWithOptions).toBe('function');
    expect(client._endpoint).toBe('dysmsapi.aliyuncs.com');
    expect(client._readTimeout).toBe(2500);
    expect(client._connectTimeout).toBe(2500);
    expect(client._retryOptions).toMatchObject({ retryable: false });
  });

  it('Tencent Cloud: built with dummy credentials, our region and timeout in seconds, and no connection', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const client = createTencentSmsClient(tencentSettings, 2500) as unknown as {
      SendSms: unknown;
      region: string;
      endpoint: string;
      profile: { httpProfile: { reqTimeout: number } };
    };
    expect(() =>
      createTencentSmsProvider(tencentSettings, { logger: recordingLogger().logger }),
    ).not.toThrow();
    await settle();
    expect(connect).not.toHaveBeenCalled();
    expect(typeof client.SendSms).toBe('function');
    expect(client.region).toBe('ap-guangzhou');
    expect(client.endpoint).toBe('sms.tencentcloudapi.com');
    expect(client.profile.httpProfile.reqTimeout).toBe(2.5);
  });

  /** A local port that accepts each connection and drops it at once, counting them. */
  const droppingServer = async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return {
      host: `127.0.0.1:${port}`,
      connections: () => connections,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  };

  it('Aliyun: a send the connection fails is tried once, never again', async () => {
    const server = await droppingServer();
    try {
      const log = recordingLogger();
      const provider = createAliyunSmsProvider(
        { ...aliyunSettings, endpoint: server.host },
        { logger: log.logger, timeoutMs: 1000 },
      );
      const refusal = await refusalOf(provider.send(loginCode, SENT_AT));
      expect(refusal.kind).toBe('unavailable');
      expect(refusal.carrierCode).not.toBe('TIMEOUT');
      expect(server.connections()).toBe(1);
      expectNoSecrets(log.lines);
    } finally {
      await server.close();
    }
  });

  it('Tencent Cloud: a send the connection fails is tried once, never again', async () => {
    vi.stubEnv('http_proxy', '');
    const server = await droppingServer();
    try {
      const log = recordingLogger();
      const client = createTencentSmsClient(tencentSettings, 1000);
      // The settings name no endpoint (the SDK's is sms.tencentcloudapi.com): point this one at ours.
      Object.assign(client, { endpoint: server.host });
      Object.assign((client as unknown as { profile: { httpProfile: object } }).profile.httpProfile, {
        protocol: 'http://',
      });
      const provider = createTencentSmsProvider(tencentSettings, {
        logger: log.logger,
        client,
        timeoutMs: 1000,
      });
      const refusal = await refusalOf(provider.send(loginCode, SENT_AT));
      expect(refusal.kind).toBe('unavailable');
      // The SDK wraps the network error in its exception, without a code.
      expect(refusal.carrierCode).toBe('TencentCloudSDKHttpException');
      expect(server.connections()).toBe(1);
      expectNoSecrets(log.lines);
    } finally {
      vi.unstubAllEnvs();
      await server.close();
    }
  });
});
