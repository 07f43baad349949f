import { digitsOnly } from '@contract/phone';
import { useSelector } from '@xstate/react';
import { TextField } from '../../components/ui/text-field';
import { CodeSentStatus, SendCodeButton } from '../../shared/sms-code/send-code-button';
import type { VolunteerSectionProps } from './volunteer-types';

/**
 * 联系电话 and 短信验证码 with the send-code button: the invoked countdown (60 s) shows on the
 * button; a phone it would not send to, or the server's refusal, stands under the phone field.
 */
export function VolunteerCodeFields({ snapshot, send }: VolunteerSectionProps) {
  const { values, errors } = snapshot.context;
  const countdown = useSelector(snapshot.children.smsCountdown, (s) => s);
  return (
    <>
      <div data-field="TEL">
        <TextField
          label="联系电话"
          inputMode="numeric"
          autoComplete="tel"
          value={values.TEL}
          onChange={(text) => send({ type: 'field.edit', patch: { TEL: digitsOnly(text, 11) } })}
          error={errors.TEL ?? countdown?.context.phoneError ?? undefined}
        />
      </div>
      <div data-field="verifCode">
        <TextField
          label="短信验证码"
          placeholder="请输入6位验证码"
          inputMode="numeric"
          value={values.verifCode}
          onChange={(text) => send({ type: 'field.edit', patch: { verifCode: digitsOnly(text, 6) } })}
          error={errors.verifCode}
          addon={
            countdown ? (
              <SendCodeButton
                snapshot={countdown}
                send={() => send({ type: 'code.send' })}
                phone={values.TEL}
              />
            ) : null
          }
        />
        {countdown && <CodeSentStatus snapshot={countdown} />}
      </div>
    </>
  );
}
