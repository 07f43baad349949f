import {
  MAX_MERIT_AMOUNTS,
  MAX_MERIT_CHOICES,
  MERIT_PRICE_MODEL_LABELS,
  MERIT_PRICE_MODELS,
  type MeritPriceModel,
} from '@contract/merit-catalogue';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { fieldError, fieldLabel } from '../../../components/ui/field-styles';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import {
  type AmountRow,
  amountField,
  type ChoiceRow,
  choiceField,
  emptyAmount,
  emptyChoice,
  type MeritValues,
} from './merit-queries';

type Prices = Pick<MeritValues, 'priceModel' | 'unitPriceYuan' | 'amounts' | 'choices'>;

interface Props {
  values: Prices;
  errors: Record<string, string>;
  /** The changed price fields, and the fields whose messages the change makes stale. */
  onChange: (change: Partial<Prices>, touched: string[]) => void;
}

/**
 * 价格: the price model as three large choices, and under it only that model's fields: 每份价格
 * (model 1), the amounts offered (model 2, a row each, up to 8), or the named choices (model 3, each
 * with its price and 停止供养). A choice that orders hold says so and cannot be deleted (the server
 * refuses it too): it can only be stopped.
 */
export function MeritPricesField({ values, errors, onChange }: Props) {
  const amountFields = () => ['amountsYuan', ...values.amounts.map((_, row) => amountField(row))];
  const choiceFields = () => [
    'choices',
    ...values.choices.flatMap((_, c) => [choiceField(c, 'name'), choiceField(c, 'priceYuan')]),
  ];
  const setAmount = (index: number, yuan: string) =>
    onChange({ amounts: values.amounts.map((row, at) => (at === index ? { ...row, yuan } : row)) }, [
      amountField(index),
      'amountsYuan',
    ]);
  const setChoice = (index: number, change: Partial<ChoiceRow>, touched: string[]) =>
    onChange({ choices: values.choices.map((row, at) => (at === index ? { ...row, ...change } : row)) }, [
      ...touched,
      'choices',
    ]);
  return (
    <Panel as="fieldset" className="flex flex-col gap-5" legend="价格">
      <div data-field="priceModel">
        <ChoiceCards
          label="计价方式"
          isRequired
          value={values.priceModel}
          onChange={(model) => onChange({ priceModel: model as MeritPriceModel }, ['priceModel'])}
          error={errors.priceModel}
          choices={MERIT_PRICE_MODELS.map((model) => ({
            value: model,
            label: MERIT_PRICE_MODEL_LABELS[model].label,
          }))}
        />
      </div>
      <p className="text-lg text-ink-soft">
        {MERIT_PRICE_MODEL_LABELS[values.priceModel].description}。改价只影响之后的供养，已下的订单金额不变。
      </p>
      {values.priceModel === '1' ? (
        <div data-field="unitPriceYuan" className="w-64">
          <TextField
            label="每份价格（元）"
            isRequired
            inputMode="numeric"
            value={values.unitPriceYuan}
            onChange={(unitPriceYuan) => onChange({ unitPriceYuan }, ['unitPriceYuan'])}
            error={errors.unitPriceYuan}
          />
        </div>
      ) : null}
      {values.priceModel === '2' ? (
        <AmountRows
          amounts={values.amounts}
          errors={errors}
          onAmount={setAmount}
          onRows={(amounts) => onChange({ amounts }, amountFields())}
        />
      ) : null}
      {values.priceModel === '3' ? (
        <ChoiceRows
          choices={values.choices}
          errors={errors}
          onChoice={setChoice}
          onRows={(choices) => onChange({ choices }, choiceFields())}
        />
      ) : null}
    </Panel>
  );
}

interface AmountRowsProps {
  amounts: AmountRow[];
  errors: Record<string, string>;
  onAmount: (index: number, yuan: string) => void;
  onRows: (amounts: AmountRow[]) => void;
}

/** 可选金额（元）: a row per amount offered, 删除, 添加金额. */
function AmountRows({ amounts, errors, onAmount, onRows }: AmountRowsProps) {
  return (
    <div data-field="amountsYuan" className="flex flex-col gap-3">
      <p className={fieldLabel}>可选金额（元）</p>
      {errors.amountsYuan ? <p className={fieldError}>{errors.amountsYuan}</p> : null}
      <ol className="flex flex-wrap gap-4">
        {amounts.map((row, index) => (
          <li key={row.key} className="flex items-start gap-2">
            <div data-field={amountField(index)} className="w-64">
              <TextField
                label={`金额 ${index + 1}`}
                inputMode="numeric"
                value={row.yuan}
                onChange={(yuan) => onAmount(index, yuan)}
                error={errors[amountField(index)]}
              />
            </div>
            <Button
              tone="quiet"
              className="mt-8"
              isDisabled={amounts.length === 1}
              aria-label={`删除金额 ${index + 1}`}
              onPress={() => onRows(amounts.filter((_, at) => at !== index))}
            >
              删除
            </Button>
          </li>
        ))}
      </ol>
      <Button
        tone="secondary"
        className="self-start"
        isDisabled={amounts.length >= MAX_MERIT_AMOUNTS}
        onPress={() => onRows([...amounts, emptyAmount()])}
      >
        添加金额
      </Button>
    </div>
  );
}

interface ChoiceRowsProps {
  choices: ChoiceRow[];
  errors: Record<string, string>;
  onChoice: (index: number, change: Partial<ChoiceRow>, touched: string[]) => void;
  onRows: (choices: ChoiceRow[]) => void;
}

/** 名目与价格: a row per choice (名目名称, 价格（元）, 停止供养, 删除), 添加名目. */
function ChoiceRows({ choices, errors, onChoice, onRows }: ChoiceRowsProps) {
  return (
    <div data-field="choices" className="flex flex-col gap-3">
      <p className={fieldLabel}>名目与价格</p>
      {errors.choices ? <p className={fieldError}>{errors.choices}</p> : null}
      <ol className="flex flex-col gap-4">
        {choices.map((row, index) => (
          <li
            key={row.key}
            className="flex flex-wrap items-start gap-4 rounded-md border-2 border-paper-deep p-4"
          >
            <div data-field={choiceField(index, 'name')} className="w-56">
              <TextField
                label={`名目 ${index + 1}`}
                isRequired
                value={row.name}
                onChange={(name) => onChoice(index, { name }, [choiceField(index, 'name')])}
                error={errors[choiceField(index, 'name')]}
              />
            </div>
            <div data-field={choiceField(index, 'priceYuan')} className="w-44">
              <TextField
                label="价格（元）"
                isRequired
                inputMode="numeric"
                value={row.priceYuan}
                onChange={(priceYuan) => onChoice(index, { priceYuan }, [choiceField(index, 'priceYuan')])}
                error={errors[choiceField(index, 'priceYuan')]}
              />
            </div>
            <div className="mt-8">
              <Checkbox
                isSelected={row.withdrawn}
                onChange={(withdrawn) => onChoice(index, { withdrawn }, [])}
                description="信众不再看到；已下的订单仍然有效"
              >
                停止供养
              </Checkbox>
            </div>
            <div className="ml-auto mt-8 flex flex-col items-end gap-1">
              {row.liveOrders > 0 ? (
                <p className="text-base text-ink-soft">已有订单 {row.liveOrders} 单，不能删除</p>
              ) : null}
              <Button
                tone="secondary"
                isDisabled={row.liveOrders > 0 || choices.length === 1}
                aria-label={`删除名目 ${row.name || index + 1}`}
                onPress={() => onRows(choices.filter((_, at) => at !== index))}
              >
                删除名目
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button
        tone="secondary"
        className="self-start"
        isDisabled={choices.length >= MAX_MERIT_CHOICES}
        onPress={() => onRows([...choices, emptyChoice()])}
      >
        添加名目
      </Button>
    </div>
  );
}
