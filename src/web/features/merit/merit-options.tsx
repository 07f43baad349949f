import {
  clampAmount,
  clampQuantity,
  keepDigits,
  keepWishText,
  MERIT_RULES,
  type MeritItem,
  type MeritSelection,
  priceModelOf,
} from '@contract/merit';
import { useState } from 'react';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Stepper } from '../../components/ui/stepper';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';

export interface MeritOptionsProps {
  item: MeritItem;
  selection: MeritSelection;
  onChange: (next: MeritSelection) => void;
}

function AmountOptions({ item, selection, onChange }: MeritOptionsProps) {
  const offered = Array.isArray(item.GD_PRICE) ? item.GD_PRICE : [];
  const isOffered = selection.amount !== null && offered.includes(selection.amount);
  const [typed, setTyped] = useState(isOffered || selection.amount === null ? '' : String(selection.amount));
  return (
    <div className="flex flex-col gap-4">
      <ChoiceCards
        label="功德金"
        value={isOffered ? String(selection.amount) : null}
        onChange={(value) => {
          setTyped('');
          onChange({ ...selection, amount: Number(value) });
        }}
        choices={offered.map((yuan) => ({ value: String(yuan), label: `¥${yuan}` }))}
      />
      <TextField
        label="其他金额（元）"
        placeholder={`${MERIT_RULES.minAmount}–${MERIT_RULES.maxAmount}`}
        inputMode="numeric"
        value={typed}
        onChange={(text) => {
          const digits = keepDigits(text);
          setTyped(digits);
          onChange({ ...selection, amount: digits ? Number(digits) : null });
        }}
        // The typed amount is brought within 10..10000 when the believer leaves the field.
        onBlur={() => {
          if (!typed) return;
          const clamped = clampAmount(Number(typed));
          setTyped(String(clamped));
          onChange({ ...selection, amount: clamped });
        }}
        className="max-w-xs"
      />
    </div>
  );
}

/** The option cards of a merit item, by its price model (spec 001 sections 2 and 5). */
export function MeritOptions({ item, selection, onChange }: MeritOptionsProps) {
  const model = priceModelOf(item);
  return (
    <div className="flex flex-col gap-6">
      {model === 'choice' && (
        <ChoiceCards
          label="功德名"
          value={selection.choice}
          onChange={(choice) => onChange({ ...selection, choice })}
          choices={item.GDM.map((c) => ({ value: c.MERIT_ITEM, label: c.CNNAME, hint: `¥${c.EXTINT1}` }))}
        />
      )}
      {model === 'amount' ? (
        <AmountOptions item={item} selection={selection} onChange={onChange} />
      ) : (
        <Stepper
          label={model === 'quantity' ? `数量（每份 ¥${item.GD_PRICE}）` : '数量'}
          value={selection.quantity}
          maxValue={MERIT_RULES.maxQuantity}
          onChange={(quantity) => onChange({ ...selection, quantity: clampQuantity(quantity) })}
        />
      )}
      <TextField
        label="功德芳名"
        placeholder="请输入功德芳名"
        maxLength={MERIT_RULES.donorInputLength}
        value={selection.donor}
        onChange={(donor) => onChange({ ...selection, donor })}
        className="max-w-sm"
      />
      <TextAreaField
        label="心愿（选填）"
        placeholder="所求遂愿（300字以内，不允许输入表情）"
        maxLength={MERIT_RULES.wishLength}
        value={selection.wish}
        onChange={(wish) => onChange({ ...selection, wish: keepWishText(wish) })}
      />
    </div>
  );
}
