import { STAFF_MESSAGES } from '@contract/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldCalls, ok, refused } from '../../support/fake-api';
import { approvedRow, openVolunteers, pendingRow } from './volunteer-review.flow';

const PHONE_PATH = `/admin/api/volunteers/${pendingRow.id}/phone`;
const detailOf = (name: string) => within(screen.getByRole('region', { name: `申请详情 · ${name}` }));
/** The value beside a label of the detail (its <dt>). */
const besideLabel = (group: ReturnType<typeof within>, label: string) =>
  group.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/**
 * Issue 34: the 客堂 sees everything an applicant filled in, labelled as the application form
 * labels it, and the whole phone only on demand (the server audits each ask).
 */
describe('an application on /volunteers', { timeout: 30_000 }, () => {
  it("shows everything the applicant filled in, in the form's groups and labels", async () => {
    await openVolunteers();
    const detail = detailOf('陈明');
    const basic = within(await detail.findByRole('region', { name: '基本信息' }));
    expect(besideLabel(basic, '性别')).toBe('男');
    expect(besideLabel(basic, '年龄')).toBe('76');
    expect(besideLabel(basic, '籍贯')).toBe('上海市 市辖区 黄浦区');
    expect(besideLabel(basic, '最后学历')).toBe('本科');
    expect(besideLabel(basic, '身体状况')).toBe('健康');
    expect(besideLabel(basic, '工作单位')).toBe('（未填）');
    const contact = within(detail.getByRole('region', { name: '联系方式' }));
    expect(besideLabel(contact, '家庭住址')).toBe('南京东路1号');
    expect(contact.getByText('138****5678')).toBeInTheDocument();
    const faith = within(detail.getByRole('region', { name: '信仰情况' }));
    expect(besideLabel(faith, '是否皈依')).toBe('是');
    expect(besideLabel(faith, '皈依时间')).toBe('2001-04-08');
    expect(besideLabel(faith, '皈依法名')).toBe('慧明');
    expect(besideLabel(faith, '授皈依寺院')).toBe('玉佛禅寺');
    expect(besideLabel(faith, '是否广慈功德会')).toBe('是');
    const activity = within(detail.getByRole('region', { name: '活动信息' }));
    expect(besideLabel(activity, '可参加活动的时间')).toBe('周六、周日');
    expect(besideLabel(activity, '日常维护项目')).toBe('殿堂香灯');
    expect(besideLabel(activity, '大型活动项目')).toBe('法会引导、其他');
    expect(besideLabel(activity, '擅长的技能')).toBe('摄影摄像、驾驶运输');
  });

  it('an applicant who has not taken refuge and comes any time: 否, no refuge lines, 随时', async () => {
    const page = await openVolunteers();
    await page.user.click(
      within(screen.getByRole('row', { name: /李华/ })).getAllByRole('gridcell')[0] as HTMLElement,
    );
    const detail = detailOf('李华');
    const faith = within(await detail.findByRole('region', { name: '信仰情况' }));
    expect(besideLabel(faith, '是否皈依')).toBe('否');
    expect(faith.queryByText('皈依法名')).not.toBeInTheDocument();
    expect(besideLabel(within(detail.getByRole('region', { name: '活动信息' })), '可参加活动的时间')).toBe(
      '随时',
    );
  });

  it('显示完整号码: one ask, the whole number to dial; another application starts masked again', async () => {
    const asks = heldCalls();
    const page = await openVolunteers(undefined, { [`POST ${PHONE_PATH}`]: asks.next });
    const choose = async (name: string) => {
      await page.user.click(
        within(screen.getByRole('row', { name: new RegExp(name) })).getAllByRole(
          'gridcell',
        )[0] as HTMLElement,
      );
      return detailOf(name);
    };
    // Both applications read once: going back and forth, their facts are at hand at once.
    await (await choose('李华')).findByRole('region', { name: '联系方式' });
    const detail = await choose('陈明');
    await page.user.click(await detail.findByRole('button', { name: '显示完整号码' }));
    expect(page.callsTo('POST', PHONE_PATH)).toHaveLength(1);
    expect(detail.getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
    asks.answer(ok({ phone: '13812345678' }));
    const link = await detail.findByRole('link', { name: '13812345678' });
    expect(link).toHaveAttribute('href', 'tel:13812345678');
    expect(detail.queryByText('138****5678')).not.toBeInTheDocument();
    expect(detail.queryByRole('button', { name: '显示完整号码' })).not.toBeInTheDocument();

    const other = await choose('李华');
    expect(other.getByText(approvedRow.phone)).toBeInTheDocument();
    expect(other.getByRole('button', { name: '显示完整号码' })).toBeInTheDocument();
    expect(screen.queryByText('13812345678')).not.toBeInTheDocument();
    expect(page.callsTo('POST', PHONE_PATH)).toHaveLength(1);
  });

  it('a refused ask: its words beside the phone, which stays masked', async () => {
    const page = await openVolunteers(undefined, {
      [`POST ${PHONE_PATH}`]: () => refused(403, STAFF_MESSAGES.forbidden),
    });
    const detail = detailOf('陈明');
    await page.user.click(await detail.findByRole('button', { name: '显示完整号码' }));
    await vi.waitFor(() => expect(detail.getByRole('alert')).toHaveTextContent(STAFF_MESSAGES.forbidden));
    expect(detail.getByText('138****5678')).toBeInTheDocument();
  });
});
