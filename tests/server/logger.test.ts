import { createLogSmsProvider, SmsOutbox } from '@server/gateways/sms';
import { createLogger, maskLogValue, maskName, maskText } from '@server/logger';
import { describe, expect, it } from 'vitest';

const captured = () => {
  const lines: string[] = [];
  return { lines, logger: createLogger((line) => lines.push(line)) };
};

describe('log masking (issue 13)', () => {
  it('masks a mobile number anywhere in a text, keeping its first 3 and last 4 digits', () => {
    expect(maskText('13812341234')).toBe('138****1234');
    expect(maskText('/api/user?phone=19912345678&x=1')).toBe('/api/user?phone=199****5678&x=1');
    expect(maskText('tel 15900001111, 17700002222')).toBe('tel 159****1111, 177****2222');
  });

  it('leaves runs of digits that are no phone: order numbers, amounts, times', () => {
    expect(maskText('WF20260101120000000123')).toBe('WF20260101120000000123');
    expect(maskText('amountFen 1000000, 12345678901')).toBe('amountFen 1000000, 12345678901');
  });

  it('masks 18-character and 15-digit resident ID numbers down to their first and last character', () => {
    expect(maskText('id 11010519491231002X.')).toBe('id 1****************X.');
    expect(maskText('310104199001011234')).toBe('3****************4');
    expect(maskText('old 110105491231002')).toBe('old 1*************2');
  });

  it('keeps the surname of a name and nothing else', () => {
    expect(maskName('陈小明')).toBe('陈**');
    expect(maskName('欧阳')).toBe('欧*');
    expect(maskName('')).toBe('');
  });

  it('judges fields by their name: codes go, names keep the surname, nested and in arrays', () => {
    expect(
      maskLogValue({
        captcha: '123456',
        sms_code: '654321',
        text: '您的验证码是 112233',
        realName: '陈小明',
        donor_names: ['王大力', '李四'],
        entry: { relativeName: '张三丰', phone: '13812345678' },
        path: '/api/register',
        status: 200,
      }),
    ).toEqual({
      captcha: '******',
      sms_code: '******',
      text: '******',
      realName: '陈**',
      donor_names: ['王**', '李*'],
      entry: { relativeName: '张**', phone: '138****5678' },
      path: '/api/register',
      status: 200,
    });
  });

  it('writes every line through the mask, the message and an error text included', () => {
    const { lines, logger } = captured();
    logger.warn('refused 13912345678', {
      error: String(new Error('duplicate key (phone)=(13912345678), id 310104199001011234')),
      code: '246810',
    });
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line).not.toMatch(/13912345678|310104199001011234|246810/);
    expect(JSON.parse(line)).toMatchObject({ level: 'warn', message: 'refused 139****5678', code: '******' });
  });

  it('never writes an SMS code, while the dev outbox keeps it', async () => {
    const { lines, logger } = captured();
    const outbox = new SmsOutbox();
    const sms = createLogSmsProvider(logger, { outbox });
    await sms.send(
      {
        phone: '13700001234',
        template: 'login_code',
        params: { code: '135790', minutes: '5' },
        ref: 'code-1',
      },
      new Date(),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/135790|验证码|13700001234/);
    expect(lines[0]).toContain('137****1234');
    expect(outbox.forPhone('13700001234')[0]?.text).toContain('135790');
  });
});
