import {
  ASSEMBLY_RULES,
  type AssemblyMeritItem,
  clampMeritCount,
  gdjModeOf,
  isMeritCount,
  isQuantityEnabled,
} from '@contract/assembly';
import {
  type AssemblyField,
  type AssemblyForm,
  type AssemblyInput,
  tabletTypesOf,
} from '@contract/assembly-form';
import { formatYuan, yuanToFen } from '@contract/money';
import { useState } from 'react';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Stepper } from '../../components/ui/stepper';
import { TextField } from '../../components/ui/text-field';

export interface AssemblyFormProps {
  input: AssemblyInput;
  form: AssemblyForm;
  items: AssemblyMeritItem[];
  errors: Partial<Record<AssemblyField, string>>;
  /** The next form and the field the believer changed. */
  onChange: (next: AssemblyForm, field: AssemblyField) => void;
}

const yuan = (amount: number) => formatYuan(yuanToFen(amount));

/** The merit amount where it is free: the offered amounts as cards, or another amount (at least 10). */
function AmountChoice({ form, errors, onChange, label }: AssemblyFormProps & { label: string }) {
  const [typed, setTyped] = useState('');
  const offered: readonly number[] = ASSEMBLY_RULES.amountChoices;
  const chosen = !typed && form.amount !== null && offered.includes(form.amount);
  const change = (amount: number | null) => onChange({ ...form, amount }, 'amount');
  return (
    <div data-field="amount" className="flex flex-col gap-3">
      <ChoiceCards
        label={label}
        value={chosen ? String(form.amount) : null}
        error={typed ? undefined : errors.amount}
        onChange={(value) => {
          setTyped('');
          change(Number(value));
        }}
        choices={offered.map((amount) => ({ value: String(amount), label: yuan(amount) }))}
      />
      <TextField
        label="其他金额（元）"
        placeholder={`不少于${ASSEMBLY_RULES.minAmount}元`}
        inputMode="numeric"
        value={typed}
        error={typed ? errors.amount : undefined}
        onChange={(text) => {
          const digits = text.replace(/\D/g, '').slice(0, 6);
          setTyped(digits);
          change(digits ? Number(digits) : null);
        }}
        className="max-w-xs"
      />
    </div>
  );
}

/**
 * The registration choices (001 section 4): assembly type, tablet type (filtered by the contract's
 * rules), the merit amount where it is free, the quantity where it applies, the merit items.
 */
export function AssemblyFormFields(props: AssemblyFormProps) {
  const { input, form, items, errors, onChange } = props;
  const tablets = form.hoeType ? tabletTypesOf(input, form.hoeType) : [];
  const priceOf = (tabletType: string) =>
    input.prices.find((p) => p.HOE_TYPE === form.hoeType && p.TABLET_TYPE === tabletType);
  const free =
    form.tabletType && gdjModeOf(form.tabletType, { freeAmount: input.hoe.FREE_AMOUNT }) === 'free';
  return (
    <div className="flex flex-col gap-6">
      <div data-field="hoeType">
        <ChoiceCards
          label="法会类型"
          value={form.hoeType || null}
          error={errors.hoeType}
          onChange={(hoeType) =>
            onChange({ ...form, hoeType, tabletType: '', amount: null, merit: [] }, 'hoeType')
          }
          choices={input.hoe.HOE_TYPES.map((t) => ({
            value: t.HOE_TYPE,
            label: t.HOE_TYPE,
            ...(t.PLACES_LEFT === null ? {} : { hint: `余 ${t.PLACES_LEFT} 位` }),
          }))}
        />
      </div>
      {form.hoeType && (
        <div data-field="tabletType">
          <ChoiceCards
            label="牌位类型"
            value={form.tabletType || null}
            error={errors.tabletType}
            onChange={(tabletType) =>
              onChange({ ...form, tabletType, amount: null, quantity: 1 }, 'tabletType')
            }
            choices={tablets.map((t) => {
              const price = priceOf(t);
              // Where the merit amount is the believer's to choose, only the tablet's own price is fixed.
              const freeGdj = gdjModeOf(t, { freeAmount: input.hoe.FREE_AMOUNT }) === 'free';
              const gdj = price && price.GDJ > 0 && !freeGdj ? ` + 功德金${yuan(price.GDJ)}` : '';
              const hint = !price
                ? ''
                : price.TABLET_PRICE === 0 && freeGdj
                  ? '随喜功德'
                  : yuan(price.TABLET_PRICE);
              return { value: t, label: t, hint: `${hint}${gdj}` };
            })}
          />
        </div>
      )}
      {free && <AmountChoice {...props} label={form.tabletType === '无' ? '随喜功德金' : '功德金'} />}
      {form.tabletType && (
        <div data-field="quantity">
          <Stepper
            label="数量"
            description={
              isQuantityEnabled(form.tabletType)
                ? `可选 ${ASSEMBLY_RULES.minQuantity}–${ASSEMBLY_RULES.maxQuantity} 份，每份一个牌位`
                : `${form.tabletType}数量固定为 1`
            }
            isDisabled={!isQuantityEnabled(form.tabletType)}
            value={isQuantityEnabled(form.tabletType) ? form.quantity : 1}
            minValue={ASSEMBLY_RULES.minQuantity}
            maxValue={ASSEMBLY_RULES.maxQuantity}
            error={errors.quantity}
            onChange={(quantity) => onChange({ ...form, quantity }, 'quantity')}
          />
        </div>
      )}
      {items.length > 0 && (
        <fieldset data-field="merit" className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <legend className="mb-3 text-lg font-bold text-ink">随喜功德项目（选填）</legend>
          {items.map((item) => {
            const count = form.merit.find((m) => m.item === item.ITEMNO)?.count ?? 0;
            return (
              <Stepper
                key={item.ITEMNO}
                label={item.CNNAME}
                description={`每份 ${yuan(item.EXTINT1)}`}
                value={count}
                minValue={0}
                maxValue={ASSEMBLY_RULES.maxMeritCount}
                // The count rule's message beside the item whose count breaks it.
                error={isMeritCount(count) ? undefined : errors.merit}
                onChange={(next) =>
                  onChange(
                    {
                      ...form,
                      merit: [
                        ...form.merit.filter((m) => m.item !== item.ITEMNO),
                        { item: item.ITEMNO, unitPrice: item.EXTINT1, count: clampMeritCount(next) },
                      ],
                    },
                    'merit',
                  )
                }
              />
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
