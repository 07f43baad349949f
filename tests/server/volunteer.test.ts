import { AUTH_MESSAGES, authApi } from '@contract/auth';
import { PHOTO_RULES, photoApi } from '@contract/photo';
import { templeToday } from '@contract/temple-day';
import {
  VOLUNTEER_MESSAGES as M,
  VOLUNTEER_PHOTO_RULES,
  VOLUNTEER_PHOTO_URL_PREFIX,
  volunteerApi,
} from '@contract/volunteer';
import { AppError } from '@server/errors';
import { MULTIPART_ALLOWANCE_BYTES } from '@server/routes/photo';
import { createVolunteerService } from '@server/services/volunteer';
import { GPS_EXIF, picture, pictureFacts } from '@tests/support/pictures';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { volunteerApplication, volunteerWeek } from '../support/volunteer';

const KB120 = VOLUNTEER_PHOTO_RULES.minExclusiveBytes;
const MB5 = VOLUNTEER_PHOTO_RULES.maxBytes;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MARK = 'ECHO';

/** `size` bytes beginning with `head` (the rest zeros). */
const bytesOf = (head: number[], size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};

const week = volunteerWeek;

const application = (
  mobile: string,
  captcha: string,
  photo: string,
  patch: Record<string, unknown> = {},
): Record<string, unknown> => ({ ...volunteerApplication({ mobile, captcha, photo }), ...patch });

describe.each(databaseKinds())('the volunteer application on %s', (kind) => {
  const t = useTestApp(kind);
  let phoneSeq = 0;
  /** A fresh believer (their own code budget) and their token. */
  const believer = async () => {
    phoneSeq += 1;
    const phone = `1370004${String(phoneSeq).padStart(4, '0')}`;
    return { phone, token: await t.login(phone) };
  };
  /** A fresh application phone (anyone's: not a registered believer). */
  const freshMobile = () => {
    phoneSeq += 1;
    return `1590004${String(phoneSeq).padStart(4, '0')}`;
  };

  const upload = async (bytes: Uint8Array<ArrayBuffer>, token: string | null, name = 'photo.png') => {
    const form = new FormData();
    form.append(VOLUNTEER_PHOTO_RULES.field, new File([bytes], name, { type: 'image/png' }));
    const res = await t.app.request(volunteerApi.uploadPhoto.path, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    expect(res.status, 'an upload answered a server error').toBeLessThan(500);
    return {
      status: res.status,
      body: (await res.json()) as { status: number; msg: string; data?: unknown },
    };
  };
  const photoOf = async (token: string) => {
    const res = await upload(await picture('png', { size: KB120 + 1 }), token);
    expect(res.status).toBe(200);
    return v.parse(volunteerApi.uploadPhoto.response, res.body).data.url;
  };
  const codeFor = async (mobile: string, token: string) => {
    t.clock.advance(61);
    const res = await t.call('POST', volunteerApi.sendCode.path, { phone: mobile, type: 'volunteer' }, token);
    expect(res.status, res.body.msg).toBe(200);
    return /\d{6}/.exec(t.outbox.forPhone(mobile)[0]?.text ?? '')?.[0] ?? '';
  };
  const apply = (body: unknown, token?: string) => t.call('POST', volunteerApi.apply.path, body, token);
  const rows = async (mobile?: string) => {
    let query = t.database.db.selectFrom('volunteer_applications').selectAll();
    if (mobile) query = query.where('mobile', '=', mobile);
    return query.execute();
  };

  describe('the SMS code (POST /api/yxs-app/yg/register/verify)', () => {
    it('is sent to any valid mainland phone for a logged-in believer', async () => {
      const { token } = await believer();
      const mobile = freshMobile();
      expect(await codeFor(mobile, token)).toMatch(/^\d{6}$/);
    });
    it('needs the token, a valid phone and the volunteer type', async () => {
      const { token } = await believer();
      const none = await t.call('POST', volunteerApi.sendCode.path, {
        phone: freshMobile(),
        type: 'volunteer',
      });
      expect(none.status).toBe(401);
      expect(none.body.msg).toBe(AUTH_MESSAGES.unauthorized);
      const bad = await t.call(
        'POST',
        volunteerApi.sendCode.path,
        { phone: `154${MARK}`, type: 'volunteer' },
        token,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe(M.telInvalid);
      const type = await t.call(
        'POST',
        volunteerApi.sendCode.path,
        { phone: freshMobile(), type: MARK },
        token,
      );
      expect(type.status).toBe(400);
      expect(type.body.msg).not.toContain(MARK);
      // The dialogs' send call does not issue volunteer codes (no login there, no believer's budget).
      const dialog = await t.call('POST', '/api/register/verify', {
        phone: freshMobile(),
        type: 'volunteer',
      });
      expect(dialog).toMatchObject({ status: 400, body: { msg: '验证码用途不正确' } });
    });
    it('keeps the 60-second cooldown per phone, and a believer’s hourly budget', async () => {
      const { token } = await believer();
      const mobile = freshMobile();
      await codeFor(mobile, token);
      const again = await t.call(
        'POST',
        volunteerApi.sendCode.path,
        { phone: mobile, type: 'volunteer' },
        token,
      );
      expect(again.status).toBe(429);
      const answers = [];
      for (let i = 0; i < 10; i += 1)
        answers.push(
          (
            await t.call(
              'POST',
              volunteerApi.sendCode.path,
              { phone: freshMobile(), type: 'volunteer' },
              token,
            )
          ).status,
        );
      expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
      t.clock.advance(3600);
    });
  });

  describe('the volunteer photo (uploadPhoto?use=volunteer)', () => {
    let token = '';
    beforeAll(async () => {
      token = (await believer()).token;
    });
    const count = async () =>
      (await t.database.db.selectFrom('volunteer_photos').select('id').execute()).length;

    /** The photo as its owner's page fetches it: with the token. */
    const fetchPhoto = (url: string, bearer: string | null = token) =>
      t.app.request(url, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});
    const urlOf = (body: unknown) => v.parse(volunteerApi.uploadPhoto.response, body).data.url;

    it('refuses exactly 120 KB (400) and stores 120 KB + 1, served back with its type', async () => {
      const small = await upload(await picture('png', { size: KB120 }), token);
      expect(small).toMatchObject({ status: 400, body: { msg: M.photoTooSmall } });
      const res = await upload(await picture('png', { size: KB120 + 1 }), token);
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe(M.photoUploaded);
      const url = urlOf(res.body);
      expect(url.startsWith(VOLUNTEER_PHOTO_URL_PREFIX)).toBe(true);
      const served = await fetchPhoto(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await pictureFacts(new Uint8Array(await served.arrayBuffer()))).toMatchObject({
        format: 'png',
        width: 40,
        height: 30,
      });
    });
    it('stores the picture without its EXIF (GPS location, camera)', async () => {
      const taken = await picture('jpeg', { size: KB120 + 1, exif: GPS_EXIF });
      expect((await pictureFacts(taken)).metadata).toBe(true);
      const res = await upload(taken, token, 'trip.jpg');
      expect(res.status).toBe(200);
      const served = new Uint8Array(await (await fetchPhoto(urlOf(res.body))).arrayBuffer());
      expect(await pictureFacts(served)).toEqual({ format: 'jpeg', width: 40, height: 30, metadata: false });
      for (const trace of ['Exif', 'TempleTestCam']) expect(Buffer.from(served).includes(trace)).toBe(false);
    });
    it('refuses a truncated picture and a polyglot (415), storing nothing', async () => {
      const before = await count();
      const jpeg = await picture('jpeg');
      const png = await picture('png');
      for (const bytes of [
        new Uint8Array([...png.slice(0, png.byteLength - 30), ...new Uint8Array(KB120)]),
        new Uint8Array([...jpeg.slice(0, 3), ...png, ...new Uint8Array(KB120)]),
        new Uint8Array([...PNG, ...jpeg.slice(8), ...new Uint8Array(KB120)]),
      ]) {
        const res = await upload(bytes, token, 'x.jpg');
        expect(res).toMatchObject({ status: 415, body: { msg: M.photoEmpty } });
      }
      expect(await count()).toBe(before);
    });
    it('shows a photo to its owner only: another believer 404, no token or a revoked one 401', async () => {
      const url = await photoOf(token);
      const other = await believer();
      const theirs = await fetchPhoto(url, other.token);
      expect(theirs.status).toBe(404);
      expect(((await theirs.json()) as { msg: string }).msg).toBe(M.photoNotFound);
      for (const bearer of [null, 'not-a-token']) {
        const res = await fetchPhoto(url, bearer);
        expect(res.status).toBe(401);
        expect(((await res.json()) as { msg: string }).msg).toBe(AUTH_MESSAGES.unauthorized);
      }
      const own = await photoOf(other.token);
      expect((await fetchPhoto(own, other.token)).status).toBe(200);
      expect((await t.call('POST', authApi.logout.path, undefined, other.token)).status).toBe(200);
      expect((await fetchPhoto(own, other.token)).status).toBe(401);
    });
    it('stores exactly 5 MB and refuses 5 MB + 1 (413), storing nothing', async () => {
      const five = await upload(await picture('jpeg', { size: MB5 }), token, 'big.jpg');
      expect(five.status).toBe(200);
      const before = await count();
      const over = await upload(await picture('jpeg', { size: MB5 + 1 }), token, 'big.jpg');
      expect(over).toMatchObject({ status: 413, body: { msg: M.photoTooLarge } });
      expect(await count()).toBe(before);
    });
    it('stops reading a streamed body once it passes 5 MB and the multipart allowance', async () => {
      const before = await count();
      const chunk = 64 * 1024;
      let pulled = 0;
      const boundary = 'volunteer-boundary';
      const head = new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const part =
            pulled === 0
              ? new Uint8Array([...head, ...PNG, ...new Uint8Array(chunk)])
              : new Uint8Array(chunk);
          pulled += part.byteLength;
          controller.enqueue(part);
          if (pulled > 4 * MB5) controller.close();
        },
      });
      const res = await t.app.request(volunteerApi.uploadPhoto.path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { msg: string }).msg).toBe(M.photoTooLarge);
      expect(pulled).toBeLessThan(MB5 + MULTIPART_ALLOWANCE_BYTES + 4 * chunk);
      expect(await count()).toBe(before);
    });
    it('refuses a PNG-named text file by its bytes (415)', async () => {
      const text = new TextEncoder().encode(`${MARK} `.repeat(40_000));
      const res = await upload(text, token, 'photo.png');
      expect(res).toMatchObject({ status: 415, body: { msg: M.photoEmpty } });
      expect(res.body.msg).not.toContain(MARK);
    });
    it('needs the token, and an unknown use is refused', async () => {
      const res = await upload(bytesOf(PNG, KB120 + 1), null);
      expect(res).toMatchObject({ status: 401, body: { msg: AUTH_MESSAGES.unauthorized } });
      const other = await t.app.request(`${photoApi.upload.path}?use=${MARK}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(other.status).toBe(400);
      expect(((await other.json()) as { msg: string }).msg).toBe(M.photoUse);
    });
    it('never replaces the believer’s profile photo, and keeps at most one spare', async () => {
      const form = new FormData();
      form.append(PHOTO_RULES.field, new File([await picture('png')], 'me.png', { type: 'image/png' }));
      const profile = await t.app.request(photoApi.upload.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(profile.status).toBe(200);
      const profileUrl = v.parse(photoApi.upload.response, await profile.json()).data.url;
      await photoOf(token);
      await photoOf(token);
      expect((await fetchPhoto(profileUrl)).status).toBe(200);
      const user = await t.database.db
        .selectFrom('believer_photos')
        .select('user_id')
        .where('id', '=', profileUrl.slice(-32))
        .executeTakeFirstOrThrow();
      const mine = await t.database.db
        .selectFrom('volunteer_photos')
        .select('id')
        .where('user_id', '=', user.user_id)
        .execute();
      expect(mine).toHaveLength(1);
    });
  });

  describe('the application (POST /api/yxs-app/yg)', () => {
    it('is stored pending with data source 6, every field, for the believer', async () => {
      const { token } = await believer();
      const mobile = freshMobile();
      const photo = await photoOf(token);
      const captcha = await codeFor(mobile, token);
      const res = await apply(application(mobile, captcha, photo), token);
      expect(res.status, res.body.msg).toBe(200);
      expect(res.body).toMatchObject({ status: 200, msg: M.applied });
      v.parse(volunteerApi.apply.response, res.body);
      const [row] = await rows(mobile);
      expect(row).toMatchObject({
        status: 'pending',
        data_source: 6,
        name: '陈明',
        id_card: '11010519491231002X',
        sex: '2',
        photo_id: photo.slice(-32),
        bool_gc: 1,
        bool_convert: 0,
        time_available: 2,
        week_days: ['saturday', 'sunday'],
        project_hc_ids: [9, 18],
        project_hd_ids: [1, 17],
        talent_ids: [15],
        ssq_code: '31,3101,310101',
      });
    });

    it('keeps the conversion fields when converted, and drops them when not', async () => {
      const { token } = await believer();
      const photo = await photoOf(token);
      const converted = freshMobile();
      const yes = await apply(
        application(converted, await codeFor(converted, token), photo, {
          boolConvert: 1,
          convertDate: '2010-04-08',
          convertLegalName: '妙音',
          convertTemple: '玉佛禅寺',
          timeAvailable: 1,
          week: week('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'),
        }),
        token,
      );
      expect(yes.status, yes.body.msg).toBe(200);
      expect((await rows(converted))[0]).toMatchObject({ convert_legal_name: '妙音', time_available: 1 });
      const not = freshMobile();
      const no = await apply(
        application(not, await codeFor(not, token), photo, { convertLegalName: 'whatever' }),
        token,
      );
      expect(no.status, no.body.msg).toBe(200);
      expect((await rows(not))[0]).toMatchObject({ convert_legal_name: '', convert_temple: '' });
    });

    describe('refusals: a 4xx with the Chinese message, no echo, nothing stored', () => {
      let token = '';
      let photo = '';
      let mobile = '';
      let captcha = '';
      beforeAll(async () => {
        token = (await believer()).token;
        photo = await photoOf(token);
        mobile = freshMobile();
        captcha = await codeFor(mobile, token);
      });
      it.each<[string, Record<string, unknown>, string]>([
        ['a bad ID', { idCard: `11010519491231${MARK}` }, M.idInvalid],
        ['a wrong check digit', { idCard: '110105194912310012' }, M.idInvalid],
        ['no weekday', { week: week() }, M.week],
        ['a missing weekday', { week: { ...week('monday'), sunday: undefined } }, M.week],
        ['anytime without the seven days', { timeAvailable: 1 }, M.weekMismatch],
        ['converted without the conversion fields', { boolConvert: 1 }, M.convertDate],
        [
          'converted without a dharma name',
          { boolConvert: 1, convertDate: '2010-04-08', convertTemple: '玉佛禅寺' },
          M.dharmaNameEmpty,
        ],
        ['a name in digits', { name: `${MARK}123` }, M.nameInvalid],
        ['another data source', { dataSource: 5 }, M.dataSource],
        ['no captcha', { captcha: '' }, M.codeEmpty],
        [
          'a photo that is not a volunteer photo',
          { photo: `/api/yxs-app/believer/photo/${'a'.repeat(32)}` },
          M.photoEmpty,
        ],
      ])('%s', async (_, patch, message) => {
        const res = await apply(application(mobile, captcha, photo, patch), token);
        expect(res.status).toBe(400);
        expect(res.body.msg).toBe(message);
        expect(res.body.msg).not.toContain(MARK);
        expect(await rows(mobile)).toEqual([]);
      });
      it('a wrong code, then the right one works (the code is checked and spent)', async () => {
        const wrong = String((Number(captcha) + 1) % 1_000_000).padStart(6, '0');
        const res = await apply(application(mobile, wrong, photo), token);
        expect(res.status).toBe(400);
        expect(res.body.msg).toMatch(/^验证码错误/);
        expect(await rows(mobile)).toEqual([]);
        const other = freshMobile();
        const none = await apply(application(other, '123456', photo), token);
        expect(none).toMatchObject({ status: 400, body: { msg: AUTH_MESSAGES.codeMissing } });
      });
      it('a photo another believer uploaded', async () => {
        const theirs = await photoOf((await believer()).token);
        const res = await apply(application(mobile, captcha, theirs), token);
        expect(res).toMatchObject({ status: 400, body: { msg: M.photoNotOurs } });
        expect(await rows(mobile)).toEqual([]);
      });
      it('not logged in: 401', async () => {
        const res = await apply(application(mobile, captcha, photo));
        expect(res).toMatchObject({ status: 401, body: { msg: AUTH_MESSAGES.unauthorized } });
        const bad = await apply(application(mobile, captcha, photo), `${MARK}-token`);
        expect(bad.status).toBe(401);
        expect(await rows(mobile)).toEqual([]);
      });
      it('anything but the payload is refused in Chinese', async () => {
        for (const body of [MARK, [MARK], { [MARK]: 1 }, null]) {
          const res = await apply(body, token);
          expect(res.status).toBe(400);
          expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
          expect(res.body.msg).not.toContain(MARK);
        }
      });
    });

    it('GET /api/yxs-app/yg/mine answers the believer’s own pending application (masked phone, the day), else null', async () => {
      const { token } = await believer();
      const other = await believer();
      const mine = async (as: string) => {
        const res = await t.call('GET', volunteerApi.mine.path, undefined, as);
        expect(res.status, res.body.msg).toBe(200);
        return v.parse(volunteerApi.mine.response, res.body).data;
      };
      expect(await mine(token)).toBeNull();
      const mobile = freshMobile();
      const photo = await photoOf(token);
      expect((await apply(application(mobile, await codeFor(mobile, token), photo), token)).status).toBe(200);
      expect(await mine(token)).toEqual({
        name: '陈明',
        mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
        submittedOn: templeToday(t.clock.now()),
      });
      // Another believer's application is not theirs; without a token, 401.
      expect(await mine(other.token)).toBeNull();
      expect((await t.call('GET', volunteerApi.mine.path)).status).toBe(401);
      // Once reviewed, nothing is open.
      await t.database.db
        .updateTable('volunteer_applications')
        .set({ status: 'approved' })
        .where('mobile', '=', mobile)
        .execute();
      expect(await mine(token)).toBeNull();
    });

    it('a second application for a pending phone: 409 once its code is right; without the code it learns nothing', async () => {
      const { token } = await believer();
      const photo = await photoOf(token);
      const mobile = freshMobile();
      expect((await apply(application(mobile, await codeFor(mobile, token), photo), token)).status).toBe(200);
      // Someone without the phone's code cannot tell whether it has applied.
      const guess = await apply(application(mobile, '000000', photo), token);
      expect(guess.status).toBe(400);
      expect(guess.body.msg).not.toBe(M.alreadyApplied);
      const again = await apply(application(mobile, await codeFor(mobile, token), photo), token);
      expect(again).toMatchObject({ status: 409, body: { msg: M.alreadyApplied } });
      expect(await rows(mobile)).toHaveLength(1);
      // Once the first is reviewed, the phone may apply again.
      await t.database.db
        .updateTable('volunteer_applications')
        .set({ status: 'approved' })
        .where('mobile', '=', mobile)
        .execute();
      expect((await apply(application(mobile, await codeFor(mobile, token), photo), token)).status).toBe(200);
      expect(await rows(mobile)).toHaveLength(2);
    });
  });

  describe('one open application per phone, under concurrency', () => {
    it('12 submits at once with the one code: exactly one is stored', async () => {
      const { token } = await believer();
      const photo = await photoOf(token);
      const mobile = freshMobile();
      const captcha = await codeFor(mobile, token);
      await Promise.all(Array.from({ length: 10 }, () => t.app.request('/healthz')));
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => apply(application(mobile, captcha, photo), token)),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBeGreaterThanOrEqual(400);
        expect(a.status).toBeLessThan(500);
      }
      expect(await rows(mobile)).toHaveLength(1);
    });

    it('12 submits at once that all pass the code: the unique index lets exactly one in', async () => {
      const { token } = await believer();
      const photo = await photoOf(token);
      const user = await t.services.auth.userForToken(token);
      const mobile = freshMobile();
      // The code check passes every time: only the index stands between the submits.
      const service = createVolunteerService({
        db: t.database.db,
        clock: t.clock,
        verifyCode: async () => {},
        sendCode: async () => {},
      });
      await Promise.all(
        Array.from({ length: 12 }, () => t.database.db.selectFrom('users').select('id').limit(1).execute()),
      );
      const payload = volunteerApplication({ mobile, captcha: '123456', photo, week: week('saturday') });
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => service.apply(user, payload)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected') {
          expect(r.reason).toBeInstanceOf(AppError);
          expect((r.reason as AppError).status).toBe(409);
          expect((r.reason as AppError).message).toBe(M.alreadyApplied);
        }
      expect(await rows(mobile)).toHaveLength(1);
    });
  });
});
