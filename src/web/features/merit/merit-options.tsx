import {
  clampQuantity,
  keepDigits,
  keepWishText,
  MERIT_RULES,
  type MeritField,
  type MeritFieldErrors,
  type MeritItem,
  type MeritSelection,
  priceModelOf,
  raiseToMinimum,
} from '@contract/merit';
import { formatYuan, yuanToFen } from '@contract/money';
import { useState } from 'react';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Stepper } from '../../components/ui/stepper';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';

export interface MeritOptionsProps {
  item: MeritItem;
  selection: MeritSelection;
  errors: MeritFieldErrors;
  /** The next entries and the field the believer changed. */
  onChange: (next: MeritSelection, field: MeritField) => void;
}

const yuan = (amount: number) => formatYuan(yuanToFen(amount));

/**
 * Price model 2: the offered amounts as cards, or another amount typed. While something is
 * typed no card is chosen; choosing a card empties the typed amount.
 */
function AmountOptions({ item, selection, errors, onChange }: MeritOptionsProps) {
  const offered = Array.isArray(item.GD_PRICE) ? item.GD_PRICE : [];
  const [typed, setTyped] = useState('');
  const chosen = !typed && selection.amount !== null && offered.includes(selection.amount);
  const change = (amount: number | null) => onChange({ ...selection, amount }, 'amount');
  // The message goes where the believer acts: under the typed amount if one is typed, else under the cards.
  const where = typed ? 'typed' : 'cards';
  return (
    <div className="flex flex-col gap-4">
      <div data-field={where === 'cards' ? 'amount' : undefined}>
        <ChoiceCards
          label="功德金"
          value={chosen ? String(selection.amount) : null}
          error={where === 'cards' ? errors.amount : undefined}
          onChange={(value) => {
            setTyped('');
            change(Number(value));
          }}
          choices={offered.map((amount) => ({ value: String(amount), label: yuan(amount) }))}
        />
      </div>
      <div data-field={where === 'typed' ? 'amount' : undefined}>
        <TextField
          label="其他金额（元）"
          placeholder={`${MERIT_RULES.minAmount}–${MERIT_RULES.maxAmount}`}
          inputMode="numeric"
          value={typed}
          error={where === 'typed' ? errors.amount : undefined}
          onChange={(text) => {
            const digits = keepDigits(text);
            setTyped(digits);
            change(digits ? Number(digits) : null);
          }}
          // Below the minimum is raised to it on leaving the field; above the limit stays as typed
          // (提交 then gives the advice to go to the temple).
          onBlur={() => {
            if (!typed) return;
            const raised = raiseToMinimum(Number(typed));
            setTyped(String(raised));
            change(raised);
          }}
          className="max-w-xs"
        />
      </div>
    </div>
  );
}

/** The option cards of a merit item, by its price model (spec 001 sections 2 and 5), each with its message. */
export function MeritOptions(props: MeritOptionsProps) {
  const { item, selection, errors, onChange } = props;
  const model = priceModelOf(item);
  return (
    <div className="flex flex-col gap-6">
      {model === 'choice' && (
        <div data-field="choice">
          <ChoiceCards
            label="功德名"
            value={selection.choice}
            error={errors.choice}
            onChange={(choice) => onChange({ ...selection, choice }, 'choice')}
            choices={item.GDM.map((c) => ({ value: c.MERIT_ITEM, label: c.CNNAME, hint: yuan(c.EXTINT1) }))}
          />
        </div>
      )}
      {model === 'amount' ? (
        <AmountOptions {...props} />
      ) : (
        <div data-field="quantity">
          <Stepper
            label="数量"
            description={
              model === 'quantity' && typeof item.GD_PRICE === 'number'
                ? `每份 ${yuan(item.GD_PRICE)}`
                : undefined
            }
            value={selection.quantity}
            maxValue={MERIT_RULES.maxQuantity}
            error={errors.quantity}
            onChange={(quantity) => onChange({ ...selection, quantity: clampQuantity(quantity) }, 'quantity')}
          />
        </div>
      )}
      <div data-field="donor">
        <TextField
          label="功德芳名"
          placeholder="请输入功德芳名"
          maxLength={MERIT_RULES.donorInputLength}
          value={selection.donor}
          error={errors.donor}
          onChange={(donor) => onChange({ ...selection, donor }, 'donor')}
          className="max-w-sm"
        />
      </div>
      <div data-field="wish">
        <TextAreaField
          label="心愿（选填）"
          placeholder="所求遂愿（300字以内，不允许输入表情）"
          maxLength={MERIT_RULES.wishLength}
          value={selection.wish}
          error={errors.wish}
          onChange={(wish) => onChange({ ...selection, wish: keepWishText(wish) }, 'wish')}
        />
      </div>
    </div>
  );
}
