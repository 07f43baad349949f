import { VOLUNTEER_MESSAGES, VOLUNTEER_PHOTO_HINT } from '@contract/volunteer';
import {
  judgeVolunteerForm,
  VOLUNTEER_FIELDS,
  type VolunteerField,
  type VolunteerFormValues,
} from '@contract/volunteer-form';
import type { volunteerApplicationMachine } from '@machines/volunteer-application.machine';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { sessionStore } from '@web/api/session';
import { toastQueue } from '@web/components/ui/toast';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { fakeApi, heldCalls, ok, refused } from '../../support/fake-api';
import { expectAt, renderApp } from '../../support/render-app';
import { session } from '../../support/statecharts/fixtures/auth-dialog';
import {
  goodPhoto,
  smallPhoto,
  volunteerProfile,
} from '../../support/statecharts/fixtures/volunteer-application';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';
import { profileAnswer } from './membership-join.flow';

type VolunteerSnapshot = SnapshotFrom<typeof volunteerApplicationMachine>;
export const APPLY_PATH = '/api/yxs-app/yg';
export const UPLOAD_PATH = '/api/yxs-app/believer/uploadPhoto';
export const CODE_PATH = '/api/yxs-app/yg/register/verify';
export const MINE_PATH = '/api/yxs-app/yg/mine';

const TEXT_LABELS: Partial<Record<keyof VolunteerFormValues, string>> = {
  NAME: '姓名',
  ID_CARD: '身份证号',
  NATION: '民族',
  AGE: '年龄',
  POST_CODE: '邮政编码',
  WX_NUMBER: '微信号（选填）',
  EMPLOYER: '工作单位（选填）',
  TEL: '联系电话',
  verifCode: '短信验证码',
  CONVERT_LEGAL_NAME: '皈依法名',
  ADDRESS: '家庭住址',
  REFUGE_TEMPLE: '授皈依寺院',
};
const DATE_LABELS: Partial<Record<keyof VolunteerFormValues, string>> = {
  BIRTH_DATE: '出生年月',
  XF_DATE: '信佛时间',
  CONVERT_DATE: '皈依时间',
};
const CHOICE_GROUPS: Partial<Record<keyof VolunteerFormValues, [string, Record<string, string>]>> = {
  SEX: ['性别', { '1': '男', '2': '女' }],
  LAST_DEGREE: ['最后学历', { '1': '小学', '5': '本科' }],
  ST_ZK: ['身体状况', { '1': '健康', '2': '良好', '3': '较差' }],
  BOOL_CONVERT: ['是否皈依', { '1': '是', '0': '否' }],
  BOOL_GMS: ['是否广慈功德会', { '1': '是', '0': '否' }],
};
const TICK_GROUPS: Partial<Record<keyof VolunteerFormValues, [string, Record<string, string>]>> = {
  PROJECT_HC: ['日常维护项目', { '9': '殿堂香灯' }],
  PROJECT_HD: ['大型活动项目', { '1': '法会引导' }],
  TALENTS: ['擅长的技能', { '1': '活动策划' }],
};

/** The fake server of the page: the profile (陈明), the code, the photo and the application held. */
export const volunteerApi = () => {
  const uploads = heldCalls();
  const applies = heldCalls();
  const api = fakeApi({
    'GET /api/yxs-app/believer/getByPhone': () =>
      ok({ ...profileAnswer, realName: volunteerProfile.realName }),
    'GET /api/yxs-app/user/me': () => ok(session.userInfo),
    // No application of theirs waits for review: the form shows.
    [`GET ${MINE_PATH}`]: () => ok(null),
    [`POST ${CODE_PATH}`]: () => ok(null, VOLUNTEER_MESSAGES.codeSent),
    [`POST ${UPLOAD_PATH}`]: uploads.next,
    [`POST ${APPLY_PATH}`]: applies.next,
  });
  return { api, uploads, applies };
};

/** Opens /guangciVolunteers logged in on the model's day, and waits for the form. */
export const openVolunteerPage = async () => {
  vi.setSystemTime(new Date('2026-11-22T10:00:00+08:00'));
  sessionStore.save(session);
  const app = renderApp('#/guangciVolunteers');
  await vi.waitFor(() => screen.getByRole('textbox', { name: '姓名' }), { timeout: 10_000 });
  return app;
};

/** A field's part of the form: queries stay within it (see `check`). */
const fieldScope = (field: VolunteerField) =>
  document.querySelector(`[data-field="${field}"]`) as HTMLElement;
const inField = (field: keyof VolunteerFormValues) => within(fieldScope(field as VolunteerField));

/** Picks 省/市/区 of 籍贯 through the real picker. */
const pickHometown = async (user: UserEvent, names: readonly string[]) => {
  const group = screen.getByRole('group', { name: /籍贯/ });
  for (const [level, name] of names.entries()) {
    const trigger = () => within(group).getAllByRole('button')[level] as HTMLElement;
    await vi.waitFor(() => expect(trigger()).toBeEnabled(), { timeout: 5000 });
    await user.click(trigger());
    await user.click(await vi.waitFor(() => screen.getByRole('option', { name }), { timeout: 5000 }));
    await settle();
  }
};

/** Enters a patch of the form as a believer would: typing, picking, choosing, ticking. */
export const enterPatch = async (user: UserEvent, patch: Partial<VolunteerFormValues>) => {
  // Text and date fields are pasted, a run of them in one go and one render: each render of this
  // long form costs about 0.1 s in jsdom, and a dozen fields' keystrokes would only slow the paths
  // down. A run ends before a click, which may show a field (是否皈依 shows 皈依法名).
  let pasted: [HTMLElement, unknown][] = [];
  const paste = () => {
    if (pasted.length === 0) return;
    const run = pasted;
    pasted = [];
    act(() => {
      for (const [box, value] of run) fireEvent.change(box, { target: { value } });
    });
  };
  for (const [key, value] of Object.entries(patch) as [keyof VolunteerFormValues, unknown][]) {
    const text = TEXT_LABELS[key];
    const date = DATE_LABELS[key];
    const choice = CHOICE_GROUPS[key];
    const tick = TICK_GROUPS[key];
    if (text || date) {
      pasted.push([
        text ? inField(key).getByRole('textbox', { name: text }) : inField(key).getByLabelText(date ?? ''),
        value,
      ]);
      continue;
    }
    paste();
    if (choice) {
      const group = inField(key).getByRole('radiogroup', { name: choice[0] });
      await user.click(within(group).getByRole('radio', { name: choice[1][String(value)] }));
    } else if (tick) {
      const group = inField(key).getByRole('group', { name: tick[0] });
      for (const [option, label] of Object.entries(tick[1])) {
        const box = within(group).getByRole('checkbox', { name: label });
        if ((box as HTMLInputElement).checked !== (value as string[]).includes(option)) await user.click(box);
      }
    } else if (key === 'HOMETOWN_NAME') await pickHometown(user, value as string[]);
    else if (key !== 'HOMETOWN') throw new Error(`the adapter cannot enter ${key}`);
  }
  paste();
};

/** Chooses a photo in the field's file input (a fresh copy: the same file again changes nothing). */
export const choosePhoto = async (user: UserEvent, file: File) =>
  user.upload(
    document.querySelector('[data-field="PHOTO"] input[type="file"]') as HTMLInputElement,
    new File([file], file.name, { type: file.type }),
  );

/** The volunteer form at /guangciVolunteers, logged in, in the whole app. */
export const volunteerApplicationView: ViewAdapter = async () => {
  const { api, uploads, applies } = volunteerApi();
  const app = await openVolunteerPage();
  const { user } = app;
  const sent = () => api.calls.filter((c) => c.path === APPLY_PATH);
  let expectedSends = 0;
  let submitted = false;
  return {
    async exec(event, before) {
      submitted = false;
      switch (event.type) {
        case 'field.edit':
          await enterPatch(user, event.patch);
          break;
        case 'idCard.blur':
          await user.click(inField('ID_CARD').getByRole('textbox', { name: '身份证号' }));
          await user.tab();
          break;
        case 'anytime.tick':
        case 'weekday.tick': {
          const box = inField('WEEK').getByRole('checkbox', {
            name: event.type === 'anytime.tick' ? '随时' : '周一',
          });
          if ((box as HTMLInputElement).checked !== event.ticked) await user.click(box);
          break;
        }
        case 'xstate.snapshot.photoUpload': {
          // The photo upload's step: a choice, the server's answer, or 移除照片.
          const { value, context: photo } = event.snapshot;
          const uploading = (before.context as VolunteerSnapshot['context']).photoUploading;
          if (value === 'uploaded') uploads.answer(ok({ url: photo.url }, VOLUNTEER_MESSAGES.photoUploaded));
          else if (value === 'refused' && uploading) uploads.answer(refused(413, photo.refusal ?? ''));
          else if (value === 'idle')
            await user.click(within(fieldScope('PHOTO')).getByRole('button', { name: '移除照片' }));
          else await choosePhoto(user, value === 'refused' ? smallPhoto : goodPhoto);
          break;
        }
        case 'code.send':
          await user.click(within(fieldScope('verifCode')).getByRole('button'));
          break;
        case 'form.submit': {
          const { values, today } = before.context as VolunteerSnapshot['context'];
          const { photoUploading } = before.context as VolunteerSnapshot['context'];
          if (
            before.matches('editing') &&
            !photoUploading &&
            judgeVolunteerForm(values, today).outcome === 'valid'
          )
            expectedSends += 1;
          submitted = true;
          await user.click(screen.getByRole('button', { name: /^提交/ }));
          break;
        }
        case 'xstate.done.actor.submitApplication':
          applies.answer(ok(null, VOLUNTEER_MESSAGES.applied));
          break;
        default:
          applies.answer(refused(409, (event.error as Error).message));
      }
      await settle(10);
    },
    async check(any: AnyMachineSnapshot) {
      const snapshot = any as VolunteerSnapshot;
      const { context } = snapshot;
      // Each application the machine sends is one request, with the payload it judged.
      expect(sent()).toHaveLength(expectedSends);
      if (snapshot.matches('submitted')) {
        await vi.waitFor(() => screen.getByRole('heading', { name: VOLUNTEER_MESSAGES.successTitle }), {
          timeout: 5000,
        });
        expectAt(`/volunteer-success?userName=${encodeURIComponent('陈明')}`);
        expect(toastQueue.visibleToasts.map((t) => t.content.text)).toContain(VOLUNTEER_MESSAGES.applied);
        return;
      }
      // Queries within the field they concern: on a form this long a query of the whole page
      // computes hundreds of accessible names (three quarters of a path's time in jsdom).
      const footer = document.querySelector('form > :last-child') as HTMLElement;
      const submit = within(footer).getByRole('button', { name: /^提交/ });
      if (snapshot.matches('submitting')) {
        expect(submit).toHaveTextContent('提交中…');
        const judged = judgeVolunteerForm(context.values, context.today);
        expect(sent().at(-1)?.body).toEqual(judged.outcome === 'valid' ? judged.payload : null);
      } else expect(submit).toHaveTextContent(/^提交$/);
      if (snapshot.can({ type: 'form.submit' })) expect(submit).toBeEnabled();
      else expect(submit).toBeDisabled();

      // Each of the machine's messages beside its field, and only those (the fields looked up at
      // once: a selector query per field costs more than the rest of the loop).
      const scopes = new Map(
        [...document.querySelectorAll<HTMLElement>('[data-field]')].map((e) => [e.dataset.field, e]),
      );
      for (const field of VOLUNTEER_FIELDS) {
        const scope = scopes.get(field);
        const message = context.errors[field];
        if (!scope) {
          expect(message).toBeUndefined();
          continue;
        }
        if (message) expect(scope).toHaveTextContent(message);
        else expect(scope.querySelector('[aria-invalid="true"], [data-invalid]'), field).toBeNull();
      }
      const label = TEXT_LABELS;
      for (const field of ['NAME', 'ID_CARD', 'TEL', 'verifCode'] as const) {
        const box = within(fieldScope(field)).getByRole('textbox', { name: label[field] });
        expect(box).toHaveValue(context.values[field]);
        if (context.errors[field]) expect(box).toHaveAccessibleDescription(context.errors[field]);
      }
      // 提交 with problems: the focus is on the first field with a message.
      const first = VOLUNTEER_FIELDS.find((field) => context.errors[field]);
      if (submitted && first)
        expect(fieldScope(first)).toContainElement(document.activeElement as HTMLElement);

      const converted = context.values.BOOL_CONVERT === '1';
      const legalName = fieldScope('CONVERT_LEGAL_NAME');
      expect(
        legalName !== null && within(legalName).queryByRole('textbox', { name: '皈依法名' }) !== null,
      ).toBe(converted);
      const week = within(fieldScope('WEEK'));
      expect(week.getByRole('checkbox', { name: '随时' })).toHaveProperty('checked', context.values.ANYTIME);
      expect(week.getByRole('checkbox', { name: '周一' })).toHaveProperty(
        'checked',
        context.values.WEEK.monday,
      );
      // The uploaded photo is fetched with the token and shown from an object URL.
      const preview = inField('PHOTO').queryByRole('img', { name: '志工照片预览' });
      if (context.values.PHOTO) expect(preview?.getAttribute('src') ?? '').toMatch(/^blob:/);
      else expect(preview).toBeNull();
      const photoButton = within(fieldScope('PHOTO')).getAllByRole('button')[0] as HTMLElement;
      // The hint states the volunteer rules' limits (the contract's, not the profile's).
      expect(within(fieldScope('PHOTO')).getByText(VOLUNTEER_PHOTO_HINT)).toBeInTheDocument();
      if (context.photoUploading || snapshot.hasTag('busy')) expect(photoButton).toBeDisabled();
      expect(uploads.count).toBe(context.photoUploading ? 1 : 0);
      // 提交 waits for the photo, and says so.
      expect(screen.queryByText('照片上传中，请稍候再提交') !== null).toBe(context.photoUploading);

      // A refusal about no field stands above 提交.
      const refusal = document.querySelector('[data-refusal]');
      if (context.refusal) expect(refusal).toHaveTextContent(context.refusal);
      else expect(refusal).toBeNull();
    },
    unmount: app.unmount,
  };
};
