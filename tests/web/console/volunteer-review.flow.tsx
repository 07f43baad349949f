import type { VolunteerFacts } from '@contract/console';
import { VOLUNTEER_REVIEW_MESSAGES, type volunteerReviewMachine } from '@machines/volunteer-review.machine';
import { screen, within } from '@testing-library/react';
import type { VolunteerRow } from '@web/admin/screens/volunteers/volunteer-queries';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { type FakeRoutes, heldCalls, ok, refused } from '../../support/fake-api';
import { renderConsole } from '../../support/fake-console-api';
import { reviewedApplication } from '../../support/statecharts/fixtures/volunteer-review';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

type ReviewSnapshot = SnapshotFrom<typeof volunteerReviewMachine>;

export const REVIEW_PATH = `/admin/api/volunteers/${reviewedApplication.id}/review`;

/** Two applications: 陈明 waiting (the model's, with a photo) and 李华 approved. */
export const pendingRow: VolunteerRow = {
  id: reviewedApplication.id,
  name: reviewedApplication.name,
  phone: '138****5678',
  groups: ['日常维护', '大型活动'],
  status: 'pending',
  submittedAt: '2026-11-20T02:30:00.000Z',
  reviewNote: null,
  hasPhoto: true,
};
export const approvedRow: VolunteerRow = {
  id: 8,
  name: '李华',
  phone: '139****0001',
  groups: ['技能专长'],
  status: 'approved',
  submittedAt: '2026-11-18T01:00:00.000Z',
  reviewNote: '欢迎加入',
  hasPhoto: false,
};

/** What 陈明 filled in: converted, two days, a project of each kind and two skills. */
export const pendingFacts: VolunteerFacts = {
  sex: '男',
  birthDate: '1949-12-31',
  age: '76',
  nation: '汉族',
  hometown: '上海市 市辖区 黄浦区',
  degree: '本科',
  health: '健康',
  employer: '',
  wechat: 'chenming',
  address: '南京东路1号',
  postCode: '200000',
  foDate: '2000-01-01',
  guangci: true,
  conversion: { date: '2001-04-08', dharmaName: '慧明', temple: '玉佛禅寺' },
  anytime: false,
  weekdays: ['周六', '周日'],
  dailyProjects: ['殿堂香灯'],
  eventProjects: ['法会引导', '其他'],
  talents: ['摄影摄像', '驾驶运输'],
};
const approvedFacts: VolunteerFacts = {
  ...pendingFacts,
  sex: '女',
  conversion: null,
  anytime: true,
  weekdays: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
};

export const reviewDialog = () => screen.queryByRole('dialog');

/**
 * /volunteers with 陈明 selected; the review calls are held for the test to answer; each
 * application answers its facts; `routes` adds to (or replaces) the fake's answers.
 */
export const openVolunteers = async (
  rows: () => VolunteerRow[] = () => [approvedRow, pendingRow],
  routes: FakeRoutes = {},
) => {
  const reviews = heldCalls();
  const application = (row: VolunteerRow, facts: VolunteerFacts) => () =>
    ok({ ...(rows().find((r) => r.id === row.id) ?? row), facts });
  const app = renderConsole('#/volunteers', {
    'GET /admin/api/volunteers': () => ok(rows()),
    [`GET /admin/api/volunteers/${pendingRow.id}`]: application(pendingRow, pendingFacts),
    [`GET /admin/api/volunteers/${approvedRow.id}`]: application(approvedRow, approvedFacts),
    [`POST ${REVIEW_PATH}`]: reviews.next,
    ...routes,
  });
  await vi.waitFor(() => screen.getByRole('row', { name: /陈明/ }), { timeout: 15_000 });
  await app.user.click(
    within(screen.getByRole('row', { name: /陈明/ })).getAllByRole('gridcell')[0] as HTMLElement,
  );
  await vi.waitFor(() => screen.getByRole('region', { name: /申请详情 · 陈明/ }));
  const sent = () => app.callsTo('POST', REVIEW_PATH);
  return { ...app, reviews, sent };
};

/** /volunteers run by the review's model: gestures for its events, fake answers for its actor. */
export const volunteerReviewView: ViewAdapter = async () => {
  const app = await openVolunteers();
  const { user, reviews } = app;
  const dialog = () => within(screen.getByRole('dialog'));
  let confirms = 0;
  let lastType = '';
  return {
    async exec(event) {
      lastType = event.type;
      switch (event.type) {
        case 'review.start':
          await user.click(
            within(screen.getByRole('region', { name: /申请详情/ })).getByRole('button', { name: '审核' }),
          );
          break;
        case 'decision.choose':
          await user.click(
            dialog().getByRole('radio', { name: event.decision === 'approved' ? '通过' : '不通过' }),
          );
          break;
        case 'note.edit': {
          const box = dialog().getByRole('textbox');
          await user.clear(box);
          if (event.note) {
            box.focus();
            await user.paste(event.note);
          }
          break;
        }
        case 'review.next':
          await user.click(dialog().getByRole('button', { name: '下一步' }));
          break;
        case 'review.back':
          await user.click(dialog().getByRole('button', { name: '返回修改' }));
          break;
        case 'review.confirm':
          confirms += 1;
          await user.click(dialog().getByRole('button', { name: /确认提交|重新提交/ }));
          break;
        case 'review.cancel':
          await user.click(dialog().getByRole('button', { name: '取消' }));
          break;
        case 'xstate.done.actor.sendReview':
          reviews.answer(ok(pendingRow, '审核已保存'));
          break;
        default:
          reviews.answer(refused(409, (event.error as Error).message));
      }
      await settle(10);
    },
    async check(anySnapshot: AnyMachineSnapshot) {
      const snapshot = anySnapshot as ReviewSnapshot;
      const { decision, note, errors, refusal, application } = snapshot.context;
      expect(app.sent()).toHaveLength(confirms);
      if (snapshot.matches('idle') || snapshot.matches('done')) {
        expect(reviewDialog()).not.toBeInTheDocument();
        if (snapshot.matches('done'))
          expect(screen.getByText(VOLUNTEER_REVIEW_MESSAGES.reviewed)).toBeInTheDocument();
        return;
      }
      const d = dialog();
      expect(screen.getByRole('dialog', { name: `审核志工申请 · ${application?.name}` })).toBeInTheDocument();
      if (snapshot.matches('choosing')) {
        expect(d.getByRole('radio', { name: '通过' })).toHaveProperty('checked', decision === 'approved');
        expect(d.getByRole('radio', { name: '不通过' })).toHaveProperty('checked', decision === 'rejected');
        const box = d.getByRole('textbox');
        expect(box).toHaveValue(note);
        if (errors.note) expect(box).toHaveAttribute('aria-invalid', 'true');
        else expect(box).not.toHaveAttribute('aria-invalid', 'true');
        for (const message of Object.values(errors))
          expect(d.getByText(message as string)).toBeInTheDocument();
        if (!errors.decision) expect(d.queryByText('请选择审核结果')).not.toBeInTheDocument();
        // 下一步 with a problem: the first field with a message has the focus.
        if (lastType === 'review.next') {
          const first = errors.decision ? 'decision' : 'note';
          expect(document.activeElement?.closest(`[data-field="${first}"]`)).not.toBeNull();
        }
        return;
      }
      expect(d.getByText('确认审核结果')).toBeInTheDocument();
      expect(d.getByText(decision === 'approved' ? '通过' : '不通过')).toBeInTheDocument();
      expect(d.getByText(note.trim() || '（无）')).toBeInTheDocument();
      if (snapshot.hasTag('busy')) expect(d.getByRole('button', { name: '请稍候…' })).toBeInTheDocument();
      const alert = d.queryByRole('alert');
      if (refusal) expect(alert).toHaveTextContent(refusal);
      else expect(alert).not.toBeInTheDocument();
    },
    unmount: app.unmount,
  };
};
