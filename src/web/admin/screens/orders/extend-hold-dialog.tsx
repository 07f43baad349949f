import { consoleApi, extendHoldSchema } from '@contract/console';
import { fieldMessages } from '@contract/envelope';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { consoleCall } from '../../api/console-client';
import { useOrderChange } from './use-order-change';

const DAYS = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ value: String(day), label: `${day}天` }));

/** 延长保留: 1 to 7 more days, with the reason (the audit log keeps it). */
export function ExtendHoldDialog({ no, onClose }: { no: string; onClose: () => void }) {
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const extend = useOrderChange(
    (body: { days: number; reason: string }) =>
      consoleCall(consoleApi.extendHold, { params: { no }, body, quiet: true }),
    '保留期已延长',
    onClose,
  );
  const submit = () => {
    const body = { days: Number(days || Number.NaN), reason };
    const found = fieldMessages(extendHoldSchema, body);
    setErrors(found);
    if (Object.keys(found).length === 0) extend.mutate(body);
  };
  return (
    <Modal
      title="延长保留"
      isOpen
      onClose={onClose}
      isDismissable={!extend.isPending}
      closesOnOutsideClick={false}
    >
      <div className="flex flex-col gap-5">
        <ChoiceCards
          label="延长天数"
          isRequired
          choices={DAYS}
          value={days || null}
          onChange={setDays}
          error={errors.days}
        />
        <TextAreaField
          label="原因"
          isRequired
          maxLength={200}
          value={reason}
          onChange={setReason}
          error={errors.reason}
        />
        {extend.error ? <Notice tone="error">{extend.error.message}</Notice> : null}
        <div className="flex justify-end gap-4">
          <Button tone="secondary" isDisabled={extend.isPending} onPress={onClose}>
            取消
          </Button>
          <Button isPending={extend.isPending} onPress={submit}>
            确认延长
          </Button>
        </div>
      </div>
    </Modal>
  );
}
