import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { loginViaApi, smsCode, uniquePhone } from '../support/e2e';
import { expect, test } from './workers';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of noise (so it does not compress): 240×240 RGB is about 170 KB, over the 120 KB floor. */
const noisePng = (size = 240): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (1 + size * 3));
  let seed = 7;
  for (let i = 0; i < rows.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    rows[i] = i % (1 + size * 3) === 0 ? 0 : seed >> 16;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/**
 * axe finds nothing on the page, a toast that still shows included. React Aria's live announcer is
 * left out, as the console's scans leave it out: it keeps a toast's announcement (role img,
 * labelled by the toast) for 7 s after the toast itself is gone, for screen readers to speak, and
 * at rest it is empty.
 */
const scan = (page: Page, what: string) => expectNoAxeViolations(page, what, ['[data-live-announcer]']);

const tick = (page: Page, group: string, option: string) =>
  page.getByRole('group', { name: group }).getByText(option, { exact: true }).click();

test('a believer applies: an invalid submit focuses the first problem; the complete application lands on the success page', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  await loginViaApi(page, request, phone);
  await page.goto('/#/guangciVolunteers');
  await expect(page.getByRole('heading', { level: 1, name: '志工报名' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '姓名' })).toHaveValue('林慧');
  await expect(page.getByRole('textbox', { name: '联系电话' })).toHaveValue(phone);

  // 提交 at once: each problem beside its field, the focus on the first (身份证号), nothing sent.
  await page.getByRole('button', { name: '提交' }).click();
  const idCard = page.getByRole('textbox', { name: '身份证号' });
  await expect(idCard).toBeFocused();
  await expect(idCard).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('请输入身份证号')).toBeVisible();
  await expect(page.getByText('请勾选活动信息')).toBeVisible();
  await scan(page, '志工报名（提示错误）');

  // The ID fills in sex, birth date, age and 籍贯 when it is left.
  await idCard.fill('310101196204181248');
  await idCard.blur();
  await expect(page.getByLabel('出生年月')).toHaveValue('1962-04-18');
  await expect(page.getByRole('radio', { name: '女' })).toBeChecked();
  await expect(page.getByRole('group', { name: /籍贯/ })).toContainText('黄浦区');

  await page.getByRole('textbox', { name: '民族' }).fill('汉族');
  await page.getByLabel('信佛时间').fill('1990-04-08');
  await page.getByRole('textbox', { name: '邮政编码' }).fill('200001');
  await page.getByRole('radio', { name: '本科' }).check({ force: true });
  await page.getByRole('textbox', { name: '家庭住址' }).fill('南京东路100弄2-301室');

  await page.locator('[data-field="PHOTO"] input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: noisePng(),
  });
  await expect(page.getByRole('img', { name: '志工照片预览' })).toBeVisible();

  // The application's phone may be another than the login's (the login's code was sent a moment ago).
  const contact = uniquePhone();
  await page.getByRole('textbox', { name: '联系电话' }).fill(contact);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByRole('textbox', { name: '短信验证码' }).fill(await smsCode(request, contact));

  await tick(page, '可参加活动的时间', '随时');
  await expect(page.getByRole('checkbox', { name: '周日' })).toBeChecked();
  await tick(page, '日常维护项目', '殿堂香灯');
  await tick(page, '大型活动项目', '法会引导');
  await tick(page, '擅长的技能', '活动策划');

  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/#\/volunteer-success\?userName=/);
  await expect(page.getByRole('heading', { name: '志工申请成功' })).toBeVisible();
  await expect(page.getByText('林慧居士')).toBeVisible();
  await expect(page.getByText(/2-3 个工作日内以短信和电话通知您/)).toBeVisible();
  await scan(page, '志工申请成功');
  await expect(page.getByRole('link', { name: '再次申请' })).toHaveAttribute('href', '/#/guangciVolunteers');

  // Back on the form page, the believer is told at once that the application waits for review.
  await page.getByRole('link', { name: '再次申请' }).click();
  await expect(page.getByRole('heading', { name: '您已提交过志工申请，请耐心等待审核' })).toBeVisible();
  await expect(page.getByText(`${contact.slice(0, 3)}****${contact.slice(7)}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: '姓名' })).toHaveCount(0);
});
