import type { LookupErrors, LookupField } from '@machines/proxy-renewal.machine';
import { useRef } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../../components/ui/button';
import { focusFirstError } from '../../components/ui/focus-first-error';
import { Notice } from '../../components/ui/notice';
import { TextField } from '../../components/ui/text-field';

const FIELDS: readonly LookupField[] = ['hyCode', 'name'];

export interface ProxyLookupFormProps {
  /** The code and name as typed (the machine holds them; a lookup that ran out is asked again as it was). */
  values: { hyCode: string; name: string } | null;
  errors: LookupErrors;
  /** Why the last lookup found nobody (查找失败, 查找过于频繁…, 查找结果已失效…). */
  failure: string | null;
  isPending: boolean;
  /** Sends the lookup; answers the messages the machine found. */
  onSubmit: (lookup: { hyCode: string; name: string }) => LookupErrors;
  /** A field was changed: its new text (its message goes). */
  onEdit: (field: LookupField, value: string) => void;
}

/** Step 0: the member's code and name (001 section 5); each problem under its field. */
export function ProxyLookupForm({
  values: held,
  errors,
  failure,
  isPending,
  onSubmit,
  onEdit,
}: ProxyLookupFormProps) {
  const values = held ?? { hyCode: '', name: '' };
  const fields = useRef<HTMLFormElement>(null);
  const change = (field: LookupField) => (value: string) => onEdit(field, value);
  return (
    <Form
      ref={fields}
      className="flex max-w-xl flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        focusFirstError(fields.current, onSubmit(values), FIELDS);
      }}
    >
      <p className="text-lg text-ink-soft">请输入要代为续费的会员编号与会员姓名，查找后确认续费。</p>
      <div data-field="hyCode">
        <TextField
          label="会员编号"
          placeholder="请输入代充值会员编号"
          value={values.hyCode}
          onChange={change('hyCode')}
          error={errors.hyCode}
          maxLength={20}
          isDisabled={isPending}
        />
      </div>
      <div data-field="name">
        <TextField
          label="会员姓名"
          placeholder="请输入代充值用户姓名"
          value={values.name}
          onChange={change('name')}
          error={errors.name}
          maxLength={20}
          isDisabled={isPending}
        />
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="flex justify-end border-t border-gold/30 pt-6">
        <Button type="submit" size="lg" isPending={isPending}>
          查找
        </Button>
      </div>
    </Form>
  );
}
