import { CEREMONY_CLAUSES_MAX, CEREMONY_SYSTEM_CLAUSES, CLAUSE_MAX_LENGTH } from '@contract/site-notices';
import { SITE_SETTINGS_LABELS } from '@contract/site-settings';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldError, fieldLabel } from '../../../components/ui/field-styles';
import { Panel } from '../../../components/ui/panel';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { type ClauseRow, clauseField } from './site-settings-queries';

interface Props {
  registrationRules: string[];
  ceremonyRules: ClauseRow[];
  errors: Record<string, string>;
  onRegistration: (clauses: string[], touched: string[]) => void;
  onCeremony: (clauses: ClauseRow[], touched: string[]) => void;
}

const group = 'flex flex-col gap-4 rounded-md border border-paper-deep p-5';
const legend = 'px-2 text-lg font-semibold text-ink';
const row = 'flex items-start gap-4';

/**
 * 须知: the clauses believers agree to in the order dialogs. 报名须知 (法会) stays seven clauses,
 * edited in place; 佛事预约须知 shows first, read-only, the clauses the system writes from the rules
 * the server applies (deposit, days held), then the temple's own, from 1 to 10, added and removed
 * (a new row takes the focus, a removal hands it to 添加一条). Each message is beside its clause.
 */
export function SiteSettingsNotices({
  registrationRules,
  ceremonyRules,
  errors,
  onRegistration,
  onCeremony,
}: Props) {
  const box = useRef<HTMLFieldSetElement>(null);
  const focusNext = useRef<'new row' | 'add' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'add') box.current?.querySelector<HTMLElement>('[data-add-clause] button')?.focus();
    if (target === 'new row')
      box.current?.querySelector<HTMLElement>('[data-field="ceremonyRules"] li:last-child textarea')?.focus();
  });
  const first = CEREMONY_SYSTEM_CLAUSES.length + 1;
  const editRegistration = (index: number) => (text: string) =>
    onRegistration(
      registrationRules.map((old, at) => (at === index ? text : old)),
      [clauseField('registrationRules', index), 'registrationRules'],
    );
  const editCeremony = (index: number) => (text: string) =>
    onCeremony(
      ceremonyRules.map((old, at) => (at === index ? { ...old, text } : old)),
      [clauseField('ceremonyRules', index), 'ceremonyRules'],
    );
  const remove = (index: number) => {
    // The rows after it move up: their messages no longer name their clauses, so all are cleared.
    const touched = ceremonyRules.map((_, at) => clauseField('ceremonyRules', at));
    onCeremony(
      ceremonyRules.filter((_, at) => at !== index),
      [...touched, 'ceremonyRules'],
    );
    focusNext.current = 'add';
  };
  const append = () => {
    const id = ceremonyRules.reduce((top, clause) => Math.max(top, clause.id + 1), 0);
    onCeremony([...ceremonyRules, { id, text: '' }], ['ceremonyRules']);
    focusNext.current = 'new row';
  };
  return (
    <Panel as="fieldset" ref={box} className="flex flex-col gap-6" legend="须知">
      <p className="text-lg text-ink-soft">
        信众在订单确认时勾选“我已阅读并同意”前阅读这些条文。每条为一段文字，最多{CLAUSE_MAX_LENGTH}
        字，不换行。
      </p>
      <fieldset data-field="registrationRules" className={group}>
        <legend className={legend}>{SITE_SETTINGS_LABELS.registrationRules}（法会报名，共 7 条）</legend>
        <ol className="flex flex-col gap-4">
          {registrationRules.map((text, index) => (
            // Seven fixed places: a clause is its number.
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are never added, removed or moved.
            <li key={index} data-field={clauseField('registrationRules', index)}>
              <TextAreaField
                label={`第 ${index + 1} 条`}
                isRequired
                value={text}
                onChange={editRegistration(index)}
                maxLength={CLAUSE_MAX_LENGTH}
                error={errors[clauseField('registrationRules', index)]}
              />
            </li>
          ))}
        </ol>
        {errors.registrationRules ? <p className={fieldError}>{errors.registrationRules}</p> : null}
      </fieldset>
      <fieldset data-field="ceremonyRules" className={group}>
        <legend className={legend}>{SITE_SETTINGS_LABELS.ceremonyRules}（独姓佛事）</legend>
        <div className="flex flex-col gap-2 rounded-md bg-paper p-4">
          <p className={fieldLabel}>由系统按实际规则写出（定金金额、保留天数），随规则变化，不在此修改：</p>
          <ol className="flex list-decimal flex-col gap-1 pl-7 text-lg leading-8 text-ink-soft">
            {CEREMONY_SYSTEM_CLAUSES.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ol>
        </div>
        <ol className="flex flex-col gap-4">
          {ceremonyRules.map((clause, index) => (
            <li key={clause.id} className={row}>
              <div data-field={clauseField('ceremonyRules', index)} className="flex-1">
                <TextAreaField
                  label={`第 ${first + index} 条`}
                  isRequired
                  value={clause.text}
                  onChange={editCeremony(index)}
                  maxLength={CLAUSE_MAX_LENGTH}
                  error={errors[clauseField('ceremonyRules', index)]}
                />
              </div>
              <Button
                tone="secondary"
                className="mt-8"
                aria-label={`删除第 ${first + index} 条`}
                isDisabled={ceremonyRules.length <= 1}
                onPress={() => remove(index)}
              >
                删除
              </Button>
            </li>
          ))}
        </ol>
        {errors.ceremonyRules ? <p className={fieldError}>{errors.ceremonyRules}</p> : null}
        <div data-add-clause className="flex items-center gap-4">
          <Button tone="secondary" isDisabled={ceremonyRules.length >= CEREMONY_CLAUSES_MAX} onPress={append}>
            添加一条
          </Button>
          <span className="text-base text-ink-soft">寺院自拟的条文 1 至 {CEREMONY_CLAUSES_MAX} 条</span>
        </div>
      </fieldset>
    </Panel>
  );
}
