import type { VolunteerApplicationInput } from '@machines/volunteer-application.machine';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import { ActivitySections } from './activity-sections';
import { BasicInfoSection } from './basic-info-section';
import { focusVolunteerField } from './focus-field';
import { useVolunteerApplicationActor } from './use-volunteer-application-actor';

/**
 * The application form: the machine holds what is entered and judges it on 提交; the view shows
 * each message beside its field and moves the focus where the machine asks. 提交 waits for a
 * photo being uploaded and reads 提交中… while the application is sent.
 */
export function VolunteerForm({ input }: { input: VolunteerApplicationInput }) {
  const container = useRef<HTMLFormElement>(null);
  const [snapshot, send] = useVolunteerApplicationActor(input, (field) =>
    focusVolunteerField(container.current, field),
  );
  const busy = snapshot.hasTag('busy');
  return (
    <form
      ref={container}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'form.submit' });
      }}
      className="flex flex-col gap-10"
    >
      <BasicInfoSection snapshot={snapshot} send={send} />
      <ActivitySections snapshot={snapshot} send={send} />
      <div className="flex flex-col items-center gap-3 border-t border-gold/30 pt-8">
        {snapshot.context.refusal ? (
          <p role="alert" data-refusal className="text-lg text-temple">
            {snapshot.context.refusal}
          </p>
        ) : null}
        {snapshot.context.photoUploading ? (
          <p role="status" className="text-base text-ink-soft">
            照片上传中，请稍候再提交
          </p>
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="min-w-48"
          isDisabled={!snapshot.can({ type: 'form.submit' })}
        >
          {busy ? '提交中…' : '提交'}
        </Button>
      </div>
    </form>
  );
}
