import { PHOTO_USES, type PhotoUse } from '@contract/photo-use';
import { photoUploadMachine } from '@machines/photo-upload.machine';
import { useActorRef } from '@xstate/react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { toast } from '../../components/ui/toast';
import { uploadPhoto } from './upload-photo';

/**
 * The photo upload with its real effects: the use's upload call and its success toast. A flow that
 * holds the photo itself (the volunteer application) invokes this logic as its child; a form on
 * its own uses the hook below.
 */
export const photoUploadLogic = photoUploadMachine.provide({
  actors: {
    uploadPhoto: fromPromise(({ input: { file, use } }) => uploadPhoto(file, PHOTO_USES[use].upload)),
  },
  actions: { showUploaded: (_, message) => toast.success(message) },
});

export type PhotoUploadActor = ActorRefFrom<typeof photoUploadMachine>;

/**
 * A form's own photo field (the profile, the membership join form): starts with `url`, and
 * tells `onChange` each new URL (an upload, or '' once cleared).
 */
export const usePhotoUploadActor = (use: PhotoUse, url: string, onChange: (url: string) => void) =>
  useActorRef(photoUploadLogic.provide({ actions: { photoChanged: (_, changed) => onChange(changed) } }), {
    input: { use, url },
  });
