import { type AuditSearch, auditSearchSchema, CONSOLE_MESSAGES } from '@contract/console';
import { AUDIT_ACTION_LABELS } from '@contract/staff';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { ConsoleSelect } from '../../shell/console-select';

type Filters = Pick<AuditSearch, 'staff' | 'action' | 'subject' | 'from' | 'to'>;
const FIELDS = ['staff', 'action', 'subject', 'from', 'to'] as const;
const NONE: Filters = { staff: '', action: '', subject: '', from: '', to: '' };

const ACTIONS = [
  { id: '', label: '全部操作' },
  ...Object.entries(AUDIT_ACTION_LABELS).map(([id, label]) => ({ id, label })),
];

/** The filters as typed, judged by the contract: each field's message, if the server would refuse it. */
const judge = (typed: Filters): Partial<Record<keyof Filters, string>> => {
  const parsed = v.safeParse(auditSearchSchema, typed);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.issues.map((issue) => [String(issue.path?.[0]?.key ?? ''), CONSOLE_MESSAGES.filterInvalid]),
  );
};

interface Props {
  search: AuditSearch;
  onChange: (filters: Filters) => void;
}

/**
 * 操作记录's filters: a staff member (their username), an action, a subject (its beginning, such as
 * order: or the whole order:WF…) and the temple's days from and to (YYYY-MM-DD). 筛选 or Enter
 * applies them, each in the address; 清除 shows the whole log again.
 */
export function AuditFilterForm({ search, onChange }: Props) {
  const applied: Filters = {
    staff: search.staff,
    action: search.action,
    subject: search.subject,
    from: search.from,
    to: search.to,
  };
  const [typed, setTyped] = useState<Filters>(applied);
  const [shown, setShown] = useState(applied);
  // Back or forward to other filters: the fields say what is shown.
  if (FIELDS.some((field) => shown[field] !== applied[field])) {
    setShown(applied);
    setTyped(applied);
  }
  const [errors, setErrors] = useState<Partial<Record<keyof Filters, string>>>({});
  const set = (field: keyof Filters) => (value: string) => setTyped((now) => ({ ...now, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = judge(typed);
    setErrors(found);
    if (Object.keys(found).length === 0) onChange(typed);
  };
  const filtered = FIELDS.some((field) => applied[field] !== '');
  return (
    <Panel padding="sm">
      <form
        aria-label="筛选操作记录"
        noValidate
        onSubmit={submit}
        className="flex flex-wrap items-start gap-4"
      >
        <TextField
          label="工作人员（用户名）"
          value={typed.staff}
          onChange={set('staff')}
          error={errors.staff}
          className="w-56"
        />
        <ConsoleSelect
          label="操作"
          width="w-64"
          choices={ACTIONS}
          selected={typed.action}
          onChange={set('action')}
        />
        <TextField
          label="对象（可只填开头）"
          placeholder="如 order:WF2026"
          value={typed.subject}
          onChange={set('subject')}
          error={errors.subject}
          className="w-64"
        />
        <TextField
          label="从（日期）"
          placeholder="2026-12-01"
          value={typed.from}
          onChange={set('from')}
          error={errors.from}
          className="w-44"
        />
        <TextField
          label="到（日期）"
          placeholder="2026-12-31"
          value={typed.to}
          onChange={set('to')}
          error={errors.to}
          className="w-44"
        />
        <Button type="submit" className="mt-8">
          筛选
        </Button>
        {filtered ? (
          <Button tone="quiet" className="mt-8" onPress={() => onChange(NONE)}>
            清除
          </Button>
        ) : null}
      </form>
    </Panel>
  );
}
