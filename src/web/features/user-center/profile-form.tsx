import {
  BELIEVER_MESSAGES,
  type BelieverProfile,
  believerApi,
  profileUpdateSchema,
} from '@contract/believer';
import { maskPhone } from '@contract/phone';
import { templeToday } from '@contract/temple-day';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { type FormEvent, useRef, useState } from 'react';
import * as v from 'valibot';
import { ApiError, mainClient } from '../../api/client';
import { sessionStore } from '../../api/session';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { profileQuery } from '../../shared/believer-queries';
import { usePhotoUploadActor } from '../../shared/photo-upload/photo-upload-logic';
import {
  draftOf,
  fieldOfMessage,
  judgeProfile,
  keepDraft,
  PROFILE_FIELDS,
  type ProfileDraft,
  type ProfileMessages,
  takeDraft,
} from './profile-draft';
import { ProfileFields } from './profile-fields';

/** Focus the first field with a message: its input, or a picker's first button. */
const focusFirst = (form: HTMLFormElement | null, messages: ProfileMessages) => {
  const first = PROFILE_FIELDS.find((field) => messages[field]);
  if (!form || !first) return;
  form
    .querySelector<HTMLElement>(
      `[data-field="${first}"] input:not([type="hidden"]):not([type="file"]), [data-field="${first}"] button`,
    )
    ?.focus();
};

/**
 * 我的信息 as a form (spec 001 sections 3, 5, 8): every field the profile has, judged with the
 * contract's schema before it is sent, each message beside its field. 保存 waits while the update
 * is on its way; 更新成功 then, and the form shows what the server kept. A refusal keeps every
 * field as typed (its message beside the field it concerns); a 401 keeps the draft for the
 * return from /login and says 请重新登录.
 */
export function ProfileForm({
  profile,
  userType,
}: {
  profile: BelieverProfile;
  userType?: number | undefined;
}) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  // A draft kept across a 401 comes back only to the believer who wrote it, once logged in again;
  // its ID number is the stored one (the kept draft never holds one).
  const [draft, setDraft] = useState<ProfileDraft>(() => {
    const stored = draftOf(profile);
    const kept = profile.phone === sessionStore.mobile() ? takeDraft(profile.phone) : null;
    return kept ? { ...kept, cardId: stored.cardId } : stored;
  });
  const [messages, setMessages] = useState<ProfileMessages>({});
  // Once 保存 has been pressed, each change is judged again (a mended field loses its message).
  const [judged, setJudged] = useState(false);

  const save = useMutation({
    mutationFn: (values: ProfileDraft) =>
      mainClient(believerApi.update, v.parse(profileUpdateSchema(templeToday()), values)),
    onSuccess: (answer) => {
      queryClient.setQueryData(profileQuery.queryKey, answer.data);
      setDraft(draftOf(answer.data));
      setMessages({});
      setJudged(false);
      toast.success(BELIEVER_MESSAGES.updated);
    },
    onError: (error, values) => {
      if (error instanceof ApiError && error.status === 401) {
        keepDraft(profile.phone, values);
        toast.error(BELIEVER_MESSAGES.reLogin);
        return;
      }
      const field = error instanceof ApiError ? fieldOfMessage(error.message) : null;
      if (field) setMessages((current) => ({ ...current, [field]: error.message }));
    },
  });

  const change = (next: ProfileDraft) => {
    setDraft(next);
    if (judged) setMessages(judgeProfile(next, templeToday()));
  };

  // A photo upload replaces the stored photo: a save sent meanwhile would write the old one back.
  const photo = usePhotoUploadActor('profile', draft.photo, (url) => change({ ...draft, photo: url }));
  const uploading = useSelector(photo, (s) => s.hasTag('busy'));
  const photoRefusal = useSelector(photo, (s) => s.context.refusal);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const found = judgeProfile(draft, templeToday());
    setMessages(found);
    setJudged(true);
    if (Object.keys(found).length > 0) {
      // After React has drawn the messages, the believer lands on the first.
      queueMicrotask(() => focusFirst(formRef.current, found));
      return;
    }
    save.mutate(draft);
  };

  const sending = save.isPending;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label="我的信息"
      className="flex flex-col gap-6 py-8"
    >
      {/* Each fact a row that wraps: its value goes under its name where the two do not fit side by
          side (长辈版 on a 320 px phone), and a number never breaks. */}
      <dl className="flex max-w-xl flex-col gap-y-3 text-lg">
        <div className="flex flex-wrap gap-x-6">
          <dt className="text-ink-soft sm:w-32">信众编号</dt>
          <dd>{profile.xzCode || '—'}</dd>
        </div>
        <div className="flex flex-wrap gap-x-6">
          <dt className="text-ink-soft sm:w-32">手机号</dt>
          <dd>{maskPhone(profile.phone)}</dd>
        </div>
        {userType !== undefined ? (
          <div className="flex flex-wrap gap-x-6">
            <dt className="text-ink-soft sm:w-32">身份</dt>
            <dd>{userType === 2 ? '功德会会员' : '信众'}</dd>
          </div>
        ) : null}
      </dl>
      <ProfileFields
        draft={draft}
        messages={photoRefusal ? { ...messages, photo: photoRefusal } : messages}
        onChange={change}
        isDisabled={sending}
        photo={photo}
      />
      <div>
        <Button type="submit" size="lg" isPending={sending} isDisabled={sending || uploading}>
          保存
        </Button>
      </div>
    </form>
  );
}
