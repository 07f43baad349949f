/**
 * The SMS the site sends. Chinese carriers send only approved templates: each message is a template
 * name and its parameters, never free text. The texts below are the ones filed with the carrier
 * (docs/deploy.md); the demo provider and the dev outbox render them here, and a carrier renders
 * its own approved copy from the same parameters.
 */

/** One template: its parameters in order (Tencent Cloud takes them as a list) and its text. */
interface SmsTemplate<P extends string> {
  params: readonly P[];
  render(params: Record<P, string>): string;
}

const template = <P extends string>(
  params: readonly P[],
  render: (params: Record<P, string>) => string,
): SmsTemplate<P> => ({ params, render });

export const SMS_TEMPLATES = {
  /** The login, registration and volunteer-application code (never logged). */
  login_code: template(
    ['code', 'minutes'],
    (p) => `您的验证码为 ${p.code}，${p.minutes} 分钟内有效。请勿告知他人。`,
  ),
  /** The temple confirms by SMS (000 section 1): an order paid online or at the temple. */
  payment_confirmed: template(
    ['orderNo', 'what', 'amount'],
    (p) =>
      `您的订单 ${p.orderNo}（${p.what}）已付款 ${p.amount} 元，寺院已确认。可在网站“个人中心”查看订单。`,
  ),
  /** The rest of a price paid at the temple after its deposit (a ceremony): the order is fully paid. */
  balance_paid: template(
    ['orderNo', 'what', 'amount', 'total'],
    (p) =>
      `您的订单 ${p.orderNo}（${p.what}）已在寺院补缴 ${p.amount} 元，共付 ${p.total} 元，款项已付清。可在网站“个人中心”查看订单。`,
  ),
  /** A reservation (a place kept 7 days, paid at the temple) with its deadline. */
  reservation_made: template(
    ['orderNo', 'what', 'deadline'],
    (p) =>
      `您已预订${p.what}（订单 ${p.orderNo}），系统将为您保留位置至 ${p.deadline}，请于此前到寺院客堂办理付款，逾期自动取消。`,
  ),
  /** The day before a reservation's 7 days end. */
  reservation_reminder: template(
    ['orderNo', 'what', 'deadline'],
    (p) =>
      `您预订的${p.what}（订单 ${p.orderNo}）将于 ${p.deadline} 到期，请尽快到寺院客堂办理付款，逾期自动取消。`,
  ),
  /** A charity-society membership ending within 30 days. */
  membership_expiring: template(
    ['endDate'],
    (p) => `您的功德会会员将于 ${p.endDate} 到期，可在网站“会员续费”办理续费。`,
  ),
  /** A volunteer application accepted (002 section 1: results by SMS and phone in 2-3 working days). */
  volunteer_approved: template([], () => '您的志工申请已通过审核，寺院客堂将电话联系您安排服务。阿弥陀佛。'),
  /** A volunteer application not accepted this time. */
  volunteer_declined: template([], () => '感谢您报名志工，本次暂未能安排，敬请谅解。阿弥陀佛。'),
} as const;

export type SmsTemplateName = keyof typeof SMS_TEMPLATES;
export const SMS_TEMPLATE_NAMES = Object.keys(SMS_TEMPLATES) as SmsTemplateName[];

type ParamsOf<T> = T extends SmsTemplate<infer P> ? Record<P, string> : never;
export type SmsParams<N extends SmsTemplateName> = ParamsOf<(typeof SMS_TEMPLATES)[N]>;

/** A message to send: which template, its parameters, to whom, and our reference for it. */
export type SmsRequest = {
  [N in SmsTemplateName]: {
    phone: string;
    template: N;
    params: SmsParams<N>;
    /** Echoed by the carrier (Aliyun OutId, Tencent SessionContext): the notification or code it carries. */
    ref: string;
  };
}[SmsTemplateName];

/** The text a template gives with these parameters. */
export const renderSms = (request: Pick<SmsRequest, 'template' | 'params'>): string =>
  (SMS_TEMPLATES[request.template] as SmsTemplate<string>).render(request.params as Record<string, string>);

/** The parameters in the template's order (Tencent Cloud's TemplateParamSet). */
export const smsParamList = (request: Pick<SmsRequest, 'template' | 'params'>): string[] => {
  const params = request.params as Record<string, string>;
  return SMS_TEMPLATES[request.template].params.map((name) => params[name] ?? '');
};

/**
 * Carriers limit each parameter of a notification template (Aliyun: 35 characters): a longer text
 * (an order's description) is cut, with an ellipsis.
 */
export const SMS_PARAM_MAX = 20;
export const smsParam = (text: string): string =>
  [...text].length <= SMS_PARAM_MAX ? text : `${[...text].slice(0, SMS_PARAM_MAX - 1).join('')}…`;

/** The refusals a carrier's answer becomes (its own codes never reach a believer). */
export const SMS_MESSAGES = {
  /** The carrier's own limit for this number (ours should have refused first). */
  tooMany: '短信发送过于频繁，请稍后再试',
  /** The number cannot receive SMS (unknown, blacklisted, unsubscribed). */
  badNumber: '该手机号码无法接收短信，请确认号码',
  /** Configuration, balance, content or network: the temple must act; the believer tries later. */
  unavailable: '短信服务暂时不可用，请稍后再试或致电寺院客堂',
} as const;
