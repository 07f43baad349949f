import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  renderSms,
  SMS_PARAM_MAX,
  SMS_TEMPLATE_NAMES,
  SMS_TEMPLATES,
  type SmsRequest,
  smsParam,
  smsParamList,
} from '@contract/sms';
import { templateVariable } from '@server/gateways/sms-config';
import { describe, expect, it } from 'vitest';

/** A template's text with each parameter shown as ${name}, as it is filed with the carrier. */
const filed = (name: (typeof SMS_TEMPLATE_NAMES)[number]) =>
  renderSms({
    template: name,
    params: Object.fromEntries(SMS_TEMPLATES[name].params.map((p) => [p, `\${${p}}`])),
  } as SmsRequest);

const deploy = readFileSync(join(__dirname, '../../docs/deploy.md'), 'utf8');

describe('the SMS templates (issue 23)', () => {
  it.each(SMS_TEMPLATE_NAMES)(
    '%s uses every parameter once and is filed in docs/deploy.md as written',
    (name) => {
      const text = filed(name);
      for (const param of SMS_TEMPLATES[name].params) expect(text.split(`\${${param}}`)).toHaveLength(2);
      expect(text).not.toMatch(/undefined|\$\{\}/);
      // The row the temple files with the carrier: the variable and this exact text.
      const row = deploy.split('\n').find((line) => line.includes(`\`${templateVariable(name)}\``));
      expect(row, templateVariable(name)).toContain(text);
    },
  );

  it('lists the parameters in the template’s order for Tencent Cloud', () => {
    expect(
      smsParamList({ template: 'payment_confirmed', params: { amount: '50', what: '供灯', orderNo: 'WF1' } }),
    ).toEqual(['WF1', '供灯', '50']);
    expect(smsParamList({ template: 'volunteer_approved', params: {} })).toEqual([]);
  });

  it('cuts a long parameter to the carrier’s limit with an ellipsis, counting characters', () => {
    expect(smsParam('法会报名·水陆普度大斋胜会')).toBe('法会报名·水陆普度大斋胜会');
    const long = '牌位供奉·往生莲位·大殿二楼东侧第三区第十二排第七号';
    const cut = smsParam(long);
    expect([...cut]).toHaveLength(SMS_PARAM_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });
});
