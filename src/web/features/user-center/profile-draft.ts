import {
  BELIEVER_MESSAGES,
  type BelieverProfile,
  type Gender,
  idBirthDate,
  idSex,
  profileUpdateSchema,
} from '@contract/believer';
import { fieldMessages } from '@contract/envelope';
import type { RegionValue } from '../../shared/region-picker/region-picker';

/** What the 我的信息 form edits: the update's fields, as text (the phone and xzCode are not edited). */
export interface ProfileDraft {
  realName: string;
  gender: Gender | '';
  birthDate: string;
  cardId: string;
  telNumber: string;
  email: string;
  postCode: string;
  ssqCode: string;
  ssqName: string;
  addres: string;
  photo: string;
}
export type ProfileField = keyof ProfileDraft;

/** The fields in the order they appear: the first with a message takes the focus after 保存. */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  'realName',
  'gender',
  'birthDate',
  'cardId',
  'telNumber',
  'email',
  'postCode',
  'ssqCode',
  'addres',
  'photo',
];

export type ProfileMessages = Partial<Record<ProfileField, string>>;

/** The form's messages, field by field, from the contract's schema judged with `today`. */
export const judgeProfile = (draft: ProfileDraft, today: string): ProfileMessages => {
  const messages = fieldMessages(profileUpdateSchema(today), draft);
  const own: ProfileMessages = {};
  for (const field of PROFILE_FIELDS) if (messages[field]) own[field] = messages[field];
  if (messages.ssqName && !own.ssqCode) own.ssqCode = messages.ssqName;
  return own;
};

export const draftOf = (profile: BelieverProfile): ProfileDraft => ({
  realName: profile.realName,
  gender: profile.gender,
  birthDate: profile.birthDate,
  cardId: profile.cardId,
  telNumber: profile.telNumber,
  email: profile.email,
  postCode: profile.postCode,
  ssqCode: profile.ssqCode,
  ssqName: profile.ssqName,
  addres: profile.addres,
  photo: profile.photo,
});

/** The stored region (`31,3101,310106` and `上海市/市辖区/静安区`) as the picker's value. */
export const regionOf = ({ ssqCode, ssqName }: Pick<ProfileDraft, 'ssqCode' | 'ssqName'>): RegionValue => ({
  codes: ssqCode ? ssqCode.split(',') : [],
  names: ssqName ? ssqName.split('/') : [],
});

export const regionFields = ({ codes, names }: RegionValue): Pick<ProfileDraft, 'ssqCode' | 'ssqName'> => ({
  ssqCode: codes.join(','),
  ssqName: names.join('/'),
});

/**
 * What a valid ID number tells of the birth date and gender (the 17th digit: odd male, even
 * female), filled in only where the believer has not given them.
 */
export const filledFromId = (draft: ProfileDraft): ProfileDraft => {
  const birth = idBirthDate(draft.cardId);
  const gender = idSex(draft.cardId);
  if (!birth || !gender) return draft;
  return { ...draft, birthDate: draft.birthDate || birth, gender: draft.gender || gender };
};

/** The field a server refusal speaks of (its message is one of the contract's), or null. */
export const fieldOfMessage = (message: string): ProfileField | null => {
  const fields: Partial<Record<string, ProfileField>> = {
    [BELIEVER_MESSAGES.idCard]: 'cardId',
    [BELIEVER_MESSAGES.birthFuture]: 'birthDate',
    [BELIEVER_MESSAGES.birthDate]: 'birthDate',
    [BELIEVER_MESSAGES.gender]: 'gender',
    [BELIEVER_MESSAGES.email]: 'email',
    [BELIEVER_MESSAGES.postCode]: 'postCode',
    [BELIEVER_MESSAGES.telNumber]: 'telNumber',
    [BELIEVER_MESSAGES.address]: 'addres',
    [BELIEVER_MESSAGES.region]: 'ssqCode',
    [BELIEVER_MESSAGES.photo]: 'photo',
  };
  return fields[message] ?? null;
};

// ---------------------------------------------------------------------------------------------
// A draft kept across a 401: the client goes to /login, and the believer comes back to it.

const DRAFT_KEY = 'user-center.profile-draft';

/**
 * Keeps the unsaved draft of `phone` for this tab (session storage: gone when the tab closes).
 * The ID number is left out: it is not written to the browser's storage, it is typed again.
 */
export const keepDraft = (phone: string, draft: ProfileDraft) => {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ phone, draft: { ...draft, cardId: '' } }));
  } catch {
    // Storage full or refused: the draft lives only as long as the page.
  }
};

/** The kept draft of `phone`, taken out of storage (another believer's is dropped). */
export const takeDraft = (phone: string): ProfileDraft | null => {
  try {
    const text = sessionStorage.getItem(DRAFT_KEY);
    sessionStorage.removeItem(DRAFT_KEY);
    if (!text) return null;
    const kept = JSON.parse(text) as { phone?: unknown; draft?: ProfileDraft };
    const draft = kept.draft;
    const whole =
      typeof draft === 'object' &&
      draft !== null &&
      [...PROFILE_FIELDS, 'ssqName'].every(
        (field) => typeof (draft as unknown as Record<string, unknown>)[field] === 'string',
      );
    return kept.phone === phone && whole ? draft : null;
  } catch {
    return null;
  }
};
