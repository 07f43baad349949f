import {
  CONSOLE_MESSAGES,
  consoleApi,
  volunteerApplicationSchema,
  volunteerRowSchema,
} from '@contract/console';
import { AUDIT_ACTION_LABELS, STAFF_MESSAGES } from '@contract/staff';
import { VOLUNTEER_MESSAGES } from '@contract/volunteer';
import { consoleCall, signedInStaff, type TestStaff } from '@tests/support/staff';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import { storedApplication } from '@tests/support/volunteer';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

/** A PNG's first bytes: what the desk must answer, byte for byte. */
const PHOTO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/**
 * Issue 24: the volunteer desk: the applications (pending first, phones masked), their photos for
 * staff only, and the review with its note, the applicant's SMS and the audit line. Issue 34: an
 * application with everything its applicant filled in, and its whole phone on demand, audited.
 */
describe.each(databaseKinds())('console volunteer review (%s)', (kind) => {
  const t = useTestApp(kind);
  let clerk: TestStaff;
  let finance: TestStaff;
  let content: TestStaff;
  const ids = { older: 0, decided: 0, newest: 0, withdrawn: 0 };

  const call = (method: string, path: string, body?: unknown, staff: TestStaff = clerk) =>
    consoleCall(t, method, path, { cookie: staff.cookie, body });
  const reviewPath = (id: number | string) => consoleApi.review.path.replace(':id', String(id));
  const photoPath = (id: number | string) => `${consoleApi.volunteers.path}/${id}/photo`;
  const applicationPath = (id: number | string) => consoleApi.volunteer.path.replace(':id', String(id));
  const phonePath = (id: number | string) => consoleApi.volunteerPhone.path.replace(':id', String(id));
  const revealLines = () =>
    t.database.db
      .selectFrom('staff_audit')
      .select(['staff_id', 'username', 'subject'])
      .where('action', '=', 'volunteer.phoneRevealed')
      .orderBy('id')
      .execute();

  const apply = async (
    mobile: string,
    status: 'pending' | 'approved' | 'withdrawn' = 'pending',
    facts: Record<string, unknown> = {},
  ) => {
    const { db } = t.database;
    t.clock.advance(60);
    const now = t.clock.now();
    const user = await db
      .insertInto('users')
      .values({ phone: mobile, real_name: '陈志工', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photo = `photo${mobile}`;
    await db
      .insertInto('volunteer_photos')
      .values({
        id: photo,
        user_id: user.id,
        content_type: 'image/png',
        bytes: PHOTO,
        byte_size: 200_000,
        created_at: now,
      })
      .execute();
    const row = await db
      .insertInto('volunteer_applications')
      .values({
        ...storedApplication({ user_id: user.id, mobile, photo_id: photo, created_at: now }),
        project_hc_ids: [9, 18],
        project_hd_ids: [1, 17],
        status,
        ...facts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    clerk = await signedInStaff(t, ['clerk'], 'desk');
    finance = await signedInStaff(t, ['finance'], 'money');
    content = await signedInStaff(t, ['content'], 'words');
    ids.older = await apply('13700041001');
    ids.decided = await apply('13700041002', 'approved');
    ids.newest = await apply('13700041003');
    ids.withdrawn = await apply('13700041004', 'withdrawn');
  });

  it('lists the applications pending first, then newest, phones masked, with their groups', async () => {
    const res = await call('GET', consoleApi.volunteers.path);
    expect(res.status).toBe(200);
    const rows = v.parse(v.array(volunteerRowSchema), res.body.data);
    expect(rows.map((r) => r.id)).toEqual([ids.newest, ids.older, ids.decided]);
    expect(rows[0]).toEqual({
      id: ids.newest,
      name: '陈小明',
      phone: '137****1003',
      groups: ['殿堂香灯', '日常·其他', '法会引导', '活动·其他'],
      status: 'pending',
      submittedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      reviewNote: null,
      hasPhoto: true,
    });
    expect(JSON.stringify(rows)).not.toContain('13700041');

    const approved = await call('GET', `${consoleApi.volunteers.path}?status=approved`);
    expect((approved.body.data as { id: number }[]).map((r) => r.id)).toEqual([ids.decided]);
    const bad = await call('GET', `${consoleApi.volunteers.path}?status=withdrawn`);
    expect([bad.status, bad.body.msg]).toEqual([400, CONSOLE_MESSAGES.filterInvalid]);
  });

  it("answers an application's photo to staff only, never cached nor sniffed", async () => {
    const res = await t.app.request(photoPath(ids.older), { headers: { cookie: clerk.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PHOTO);

    const none = await call('GET', photoPath(99999));
    expect([none.status, none.body.msg]).toEqual([404, VOLUNTEER_MESSAGES.photoNotFound]);
    const withdrawn = await call('GET', photoPath(ids.withdrawn));
    expect(withdrawn.status).toBe(404);
    const wrongRole = await call('GET', photoPath(ids.older), undefined, finance);
    expect([wrongRole.status, wrongRole.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const believer = await t.login('13700041009');
    const asBeliever = await consoleCall(t, 'GET', photoPath(ids.older), {
      headers: { authorization: `Bearer ${believer}` },
    });
    expect([asBeliever.status, asBeliever.body.msg]).toEqual([401, STAFF_MESSAGES.signInRequired]);
  });

  it("shows an application with everything its applicant filled in, in the form's words, the phone still masked", async () => {
    // Approved: the desk's pending list stays the other tests'.
    const id = await apply('13700041006', 'approved', {
      sex: '2',
      birth_date: '1985-03-08',
      age: '41',
      nation: '回族',
      ssq_name: '上海市,市辖区,静安区',
      degree: '5',
      physical_conditions: '2',
      employer: '静安区图书馆',
      wechat: 'lotus_85',
      address: '万福路188弄2-301室',
      post_code: '200040',
      fo_date: '2010-05-01',
      bool_gc: 1,
      bool_convert: 1,
      convert_date: '2012-04-08',
      convert_legal_name: '慧明',
      convert_temple: '玉佛禅寺',
      time_available: 2,
      week_days: ['saturday', 'monday'],
      project_hc_ids: [9, 12, 18],
      project_hd_ids: [1, 17],
      talent_ids: [15, 1, 17],
    });
    const res = await call('GET', applicationPath(id));
    expect(res.status, res.body.msg).toBe(200);
    const application = v.parse(volunteerApplicationSchema, res.body.data);
    expect(application).toMatchObject({ id, name: '陈小明', phone: '137****1006', status: 'approved' });
    expect(application.facts).toEqual({
      sex: '女',
      birthDate: '1985-03-08',
      age: '41',
      nation: '回族',
      hometown: '上海市 市辖区 静安区',
      degree: '本科',
      health: '良好',
      employer: '静安区图书馆',
      wechat: 'lotus_85',
      address: '万福路188弄2-301室',
      postCode: '200040',
      foDate: '2010-05-01',
      guangci: true,
      conversion: { date: '2012-04-08', dharmaName: '慧明', temple: '玉佛禅寺' },
      anytime: false,
      weekdays: ['周一', '周六'],
      dailyProjects: ['殿堂香灯', '环境清洁', '其他'],
      eventProjects: ['法会引导', '其他'],
      talents: ['摄影摄像', '活动策划', '其他'],
    });
    expect(JSON.stringify(res.body)).not.toContain('13700041006');

    // 随时, not converted, nothing optional given: said so, not guessed.
    const plain = await call('GET', applicationPath(ids.older));
    expect(v.parse(volunteerApplicationSchema, plain.body.data).facts).toMatchObject({
      anytime: true,
      conversion: null,
      guangci: false,
      degree: '',
      employer: '',
    });

    for (const [path, status] of [
      [applicationPath(99999), 404],
      [applicationPath(ids.withdrawn), 404],
      [applicationPath('abc'), 400],
    ] as const) {
      const refused = await call('GET', path);
      expect([path, refused.status, refused.body.msg]).toEqual([path, status, VOLUNTEER_MESSAGES.notFound]);
    }
    for (const staff of [finance, content]) {
      const wrongRole = await call('GET', applicationPath(id), undefined, staff);
      expect([wrongRole.status, wrongRole.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    }
  });

  it('answers the whole phone to 客堂 on demand, never cached, and audits every ask', async () => {
    const before = (await revealLines()).length;
    const res = await call('POST', phonePath(ids.decided));
    expect(res.status, res.body.msg).toBe(200);
    expect(v.parse(consoleApi.volunteerPhone.response, res.body).data).toEqual({ phone: '13700041002' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    await call('POST', phonePath(ids.decided));
    expect((await revealLines()).slice(before)).toEqual([
      { staff_id: clerk.id, username: clerk.username, subject: `volunteer:${ids.decided}` },
      { staff_id: clerk.id, username: clerk.username, subject: `volunteer:${ids.decided}` },
    ]);
    expect(AUDIT_ACTION_LABELS['volunteer.phoneRevealed']).toBe('查看志工申请人完整手机号');
  });

  it('refuses the whole phone to finance, content, no session and a gone application, and audits none of them', async () => {
    const before = (await revealLines()).length;
    for (const staff of [finance, content]) {
      const wrongRole = await call('POST', phonePath(ids.older), undefined, staff);
      expect([wrongRole.status, wrongRole.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
      expect(JSON.stringify(wrongRole.body)).not.toContain('13700041001');
    }
    const none = await consoleCall(t, 'POST', phonePath(ids.older));
    expect([none.status, none.body.msg]).toEqual([401, STAFF_MESSAGES.signInRequired]);
    const refusals = [
      [phonePath(99999), 404],
      [phonePath(ids.withdrawn), 404],
      [phonePath('abc'), 400],
    ] as const;
    for (const [path, status] of refusals) {
      const refused = await call('POST', path);
      expect([path, refused.status, refused.body.msg]).toEqual([path, status, VOLUNTEER_MESSAGES.notFound]);
    }
    const form = await consoleCall(t, 'POST', phonePath(ids.older), {
      cookie: clerk.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.status, form.body.msg]).toEqual([415, STAFF_MESSAGES.jsonOnly]);
    expect(await revealLines()).toHaveLength(before);
  });

  it('approves with a note: stored with its reviewer, the SMS queued, the audit written, once', async () => {
    const res = await call('POST', reviewPath(ids.older), { decision: 'approved', note: '  周六殿堂香灯  ' });
    expect(res.status, res.body.msg).toBe(200);
    expect(v.parse(volunteerRowSchema, res.body.data)).toMatchObject({
      id: ids.older,
      status: 'approved',
      reviewNote: '周六殿堂香灯',
    });
    const stored = await t.database.db
      .selectFrom('volunteer_applications')
      .select(['status', 'review_note', 'reviewed_by', 'reviewed_at'])
      .where('id', '=', ids.older)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'approved', review_note: '周六殿堂香灯', reviewed_by: clerk.id });
    expect(new Date(stored.reviewed_at ?? 0).getTime()).toBe(t.clock.now().getTime());

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['staff_id', 'username', 'subject', 'before', 'after'])
      .where('action', '=', 'volunteer.reviewed')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      staff_id: clerk.id,
      username: clerk.username,
      subject: `volunteer:${ids.older}`,
      before: { status: 'pending' },
      after: { status: 'approved', note: '周六殿堂香灯' },
    });

    expect(await t.sendMessages()).toBe(1);
    expect(t.outbox.forPhone('13700041001').map((m) => m.template)).toEqual(['volunteer_approved']);

    const again = await call('POST', reviewPath(ids.older), { decision: 'rejected', note: '' });
    expect([again.status, again.body.msg]).toEqual([409, VOLUNTEER_MESSAGES.notPending]);
    expect(await t.sendMessages()).toBe(0);
    const lines = await t.database.db
      .selectFrom('staff_audit')
      .select('id')
      .where('action', '=', 'volunteer.reviewed')
      .execute();
    expect(lines).toHaveLength(1);
  });

  it('declines without a note, and the applicant is told so', async () => {
    const res = await call('POST', reviewPath(ids.newest), { decision: 'rejected' });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'rejected', reviewNote: null });
    expect(await t.sendMessages()).toBe(1);
    expect(t.outbox.forPhone('13700041003').map((m) => m.template)).toEqual(['volunteer_declined']);
  });

  it('refuses every bad review in Chinese, and changes nothing', async () => {
    const pending = await apply('13700041005');
    const refusals: [string, unknown, number, string][] = [
      [reviewPath(99999), { decision: 'approved' }, 404, VOLUNTEER_MESSAGES.notFound],
      [reviewPath('abc'), { decision: 'approved' }, 400, VOLUNTEER_MESSAGES.notFound],
      [reviewPath(ids.withdrawn), { decision: 'approved' }, 409, VOLUNTEER_MESSAGES.notPending],
      [reviewPath(ids.decided), { decision: 'rejected' }, 409, VOLUNTEER_MESSAGES.notPending],
      [reviewPath(pending), {}, 400, CONSOLE_MESSAGES.decisionEmpty],
      [reviewPath(pending), { decision: 'maybe' }, 400, CONSOLE_MESSAGES.decisionEmpty],
      [
        reviewPath(pending),
        { decision: 'approved', note: '长'.repeat(201) },
        400,
        CONSOLE_MESSAGES.noteTooLong,
      ],
      [reviewPath(pending), { decision: 'approved', note: 'a\u0007b' }, 400, CONSOLE_MESSAGES.noteInvalid],
    ];
    for (const [path, body, status, message] of refusals) {
      const res = await call('POST', path, body);
      expect([path, res.status, res.body.msg]).toEqual([path, status, message]);
    }
    const form = await consoleCall(t, 'POST', reviewPath(pending), {
      cookie: clerk.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.status, form.body.msg]).toEqual([415, STAFF_MESSAGES.jsonOnly]);
    const wrongRole = await call('POST', reviewPath(pending), { decision: 'approved' }, finance);
    expect([wrongRole.status, wrongRole.body.msg]).toEqual([403, STAFF_MESSAGES.forbidden]);
    const none = await consoleCall(t, 'POST', reviewPath(pending), { body: { decision: 'approved' } });
    expect([none.status, none.body.msg]).toEqual([401, STAFF_MESSAGES.signInRequired]);

    const list = await call('GET', `${consoleApi.volunteers.path}?status=pending`);
    expect((list.body.data as { id: number }[]).map((r) => r.id)).toEqual([pending]);
    expect(await t.sendMessages()).toBe(0);
  });
});
