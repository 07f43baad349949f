import { PHOTO_MESSAGES, photoApi } from '@contract/photo';
import { modelPhotoUrl } from '@machines/index';
import type { photoUploadMachine } from '@machines/photo-upload.machine';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '@web/components/ui/toast';
import { PhotoUpload } from '@web/shared/photo-upload/photo-upload';
import { useState } from 'react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { fakeApi, heldCalls, ok, refused } from '../../support/fake-api';
import { settle, type ViewAdapter } from '../../support/statecharts/run-on-view';

type PhotoSnapshot = SnapshotFrom<typeof photoUploadMachine>;

/** A form that keeps the photo as a value (the membership join form), with the model's stored photo. */
function Form() {
  const [photo, setPhoto] = useState(modelPhotoUrl);
  return (
    <>
      <PhotoUpload label="照片" value={photo} onChange={setPhoto} />
      <output data-testid="kept">{photo}</output>
    </>
  );
}

/** The profile's photo field over the real upload call (held), the preview fetched from the fake server. */
export const photoUploadView: ViewAdapter = async () => {
  const uploads = heldCalls();
  const api = fakeApi({ [`POST ${photoApi.upload.path}`]: uploads.next });
  // Files of another type reach the machine (its rule refuses them, not the chooser).
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const view = render(<Form />);
  await settle();
  const input = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
  const sent = () => api.calls.filter((c) => c.method === 'POST');
  return {
    async exec(event) {
      if (event.type === 'photo.choose') {
        const file = event.file as File;
        // A fresh copy: choosing the very same file again changes nothing in a file input.
        await user.upload(input(), new File([file], file.name, { type: file.type }));
      } else if (event.type === 'photo.clear')
        await user.click(screen.getByRole('button', { name: '移除照片' }));
      else if (event.type === 'xstate.done.actor.uploadPhoto')
        uploads.answer(ok({ url: event.output }, PHOTO_MESSAGES.uploaded));
      else {
        const { message } = event.error as Error;
        uploads.answer(message ? refused(413, message) : { status: 500, body: null });
      }
      await settle();
    },
    async check(any: AnyMachineSnapshot) {
      const snapshot = any as PhotoSnapshot;
      const { url, refusal } = snapshot.context;
      const busy = snapshot.hasTag('busy');
      // The form keeps what the machine holds: the photo uploaded, or none once cleared.
      expect(screen.getByTestId('kept')).toHaveTextContent(url);
      const chooser = screen.getByRole('button', { name: busy ? '请稍候…' : url ? '更换照片' : '上传照片' });
      if (busy) expect(chooser).toBeDisabled();
      else expect(chooser).toBeEnabled();
      expect(chooser).toHaveAccessibleDescription(
        refusal ? `${PHOTO_MESSAGES.hint} ${refusal}` : PHOTO_MESSAGES.hint,
      );
      expect(screen.getByText(PHOTO_MESSAGES.hint)).toBeInTheDocument();
      if (refusal) expect(screen.getByRole('alert')).toHaveTextContent(refusal);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: '移除照片' }) !== null).toBe(
        snapshot.can({ type: 'photo.clear' }),
      );
      // Each upload is one request, waiting while the machine uploads; a refused file is never sent.
      expect(uploads.count).toBe(busy ? 1 : 0);
      if (busy) expect(sent().at(-1)?.path).toBe(photoApi.upload.path);
      if (url) {
        const preview = await screen.findByRole('img', { name: '照片预览' });
        expect(preview.getAttribute('src')).toMatch(/^blob:/);
      } else expect(screen.getByText('暂无照片')).toBeInTheDocument();
      const toasts = toastQueue.visibleToasts.map((t) => t.content.text);
      if (snapshot.matches('uploaded')) expect(toasts).toContain(PHOTO_MESSAGES.uploaded);
    },
    unmount: view.unmount,
  };
};
