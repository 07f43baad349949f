import type * as v from 'valibot';
import type { Endpoint } from './envelope';
import { PHOTO_MESSAGES, PHOTO_RULES, photoApi, photoFileRefusal } from './photo';
import {
  VOLUNTEER_MESSAGES,
  VOLUNTEER_PHOTO_HINT,
  VOLUNTEER_PHOTO_RULES,
  volunteerApi,
  volunteerPhotoRefusal,
} from './volunteer';

/**
 * The two uses of one photo upload: the believer's own photo (the profile and the membership
 * join form: png, gif, jpg or jpeg, at most 2 MB) and a volunteer application's (png, jpg or gif,
 * over 120 KB and at most 5 MB, stored apart). Each has its rules, its words and its call.
 */
export type PhotoUse = 'profile' | 'volunteer';

export interface PhotoUseRules {
  /** The browser's first check of a chosen file: its refusal, or null (the server judges again). */
  refusalOf: (file: { name: string; size: number }) => string | null;
  /** What the file chooser offers. */
  accept: readonly string[];
  /** What the field states beside its button: the types and the limits. */
  hint: string;
  /** Said once a photo is uploaded. */
  uploaded: string;
  /** Said when the upload fails and the server gives no words. */
  failed: string;
  /** The upload call (multipart, field `file`), answering the photo's site-relative URL. */
  upload: Endpoint<null, v.GenericSchema<unknown, { data: { url: string } }>>;
}

const dotted = (extensions: readonly string[]) => extensions.map((extension) => `.${extension}`);

export const PHOTO_USES: Record<PhotoUse, PhotoUseRules> = {
  profile: {
    refusalOf: photoFileRefusal,
    accept: [...PHOTO_RULES.types, ...dotted(PHOTO_RULES.extensions)],
    hint: PHOTO_MESSAGES.hint,
    uploaded: PHOTO_MESSAGES.uploaded,
    failed: PHOTO_MESSAGES.failed,
    upload: photoApi.upload,
  },
  volunteer: {
    refusalOf: (file) => volunteerPhotoRefusal(file),
    accept: [...PHOTO_RULES.types, ...dotted(VOLUNTEER_PHOTO_RULES.extensions)],
    hint: VOLUNTEER_PHOTO_HINT,
    uploaded: VOLUNTEER_MESSAGES.photoUploaded,
    failed: PHOTO_MESSAGES.failed,
    upload: volunteerApi.uploadPhoto,
  },
};
