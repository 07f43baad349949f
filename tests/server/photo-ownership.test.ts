import { BELIEVER_MESSAGES, believerApi } from '@contract/believer';
import { PHOTO_MESSAGES, PHOTO_RULES, PHOTO_URL_PREFIX, photoApi } from '@contract/photo';
import { sampleMembershipJoin } from '@tests/support/order-requests';
import { picture } from '@tests/support/pictures';
import { useTestApp } from '@tests/support/test-app';
import { databaseKinds } from '@tests/support/test-databases';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

const PREPAY = '/portal/rs/payapi/v1/pay/prePay';
const A = '13700081001';
const B = '13700081002';
/** A photo URL of the right shape that nobody uploaded. */
const MADE_UP = `${PHOTO_URL_PREFIX}${'0'.repeat(32)}`;

/**
 * Issue 21: the profile and the membership join store a photo URL only when it is the believer's
 * own current upload (as the volunteer form does with its photo): another believer's, one since
 * replaced or one never uploaded is refused with 400 and the Chinese message, and nothing is stored.
 */
describe.each(databaseKinds())('photos a believer did not upload, on %s', (kind) => {
  const t = useTestApp(kind);
  let a = '';
  let b = '';
  let png = new Uint8Array();

  beforeAll(async () => {
    a = await t.login(A);
    b = await t.login(B);
    png = await picture('png');
  });

  const upload = async (token: string) => {
    const form = new FormData();
    form.append(PHOTO_RULES.field, new File([png], 'photo.png', { type: 'image/png' }));
    const res = await t.app.request(photoApi.upload.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    return v.parse(photoApi.upload.response, await res.json()).data.url;
  };
  const saveProfile = (photo: string, token = a) =>
    t.call('PUT', believerApi.update.path, { realName: '陈明', gender: '1', photo }, token);
  const profilePhoto = async (token = a) =>
    v.parse(
      believerApi.profile.response,
      (await t.call('GET', believerApi.profile.path, undefined, token)).body,
    ).data.photo;
  const membershipPhotos = async (phone: string) =>
    t.database.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .where('users.phone', '=', phone)
      .select('memberships.photo')
      .execute();

  it('the profile refuses another believer’s photo, a replaced one and a made-up one', async () => {
    const mine = await upload(a);
    expect((await saveProfile(mine)).body.msg).toBe(BELIEVER_MESSAGES.updated);
    const theirs = await upload(b);
    for (const url of [theirs, MADE_UP]) {
      const res = await saveProfile(url);
      expect([res.status, res.body.msg], url).toEqual([400, PHOTO_MESSAGES.notOurs]);
    }
    expect(await profilePhoto()).toBe(mine);

    // A new upload replaces the old: the old URL is no longer the believer's photo.
    const renewed = await upload(a);
    expect(await profilePhoto()).toBe(renewed);
    expect((await saveProfile(mine)).status).toBe(400);
    expect((await saveProfile(renewed)).status).toBe(200);
    // No photo at all stays allowed.
    expect((await saveProfile('')).status).toBe(200);
    expect(await profilePhoto()).toBe('');
  });

  it('the membership join refuses a photo the believer did not upload, storing nothing', async () => {
    const theirs = await upload(b);
    for (const url of [theirs, MADE_UP]) {
      const res = await t.form(PREPAY, sampleMembershipJoin({ MOBILE: A, PHOTO: url }), a);
      expect([res.status, res.body.msg], url).toEqual([400, PHOTO_MESSAGES.notOurs]);
    }
    expect(await membershipPhotos(A)).toEqual([]);

    const mine = await upload(a);
    const res = await t.form(PREPAY, sampleMembershipJoin({ MOBILE: A, PHOTO: mine }), a);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await membershipPhotos(A)).toEqual([{ photo: mine }]);
  });
});
