import { HOE_TYPES, type HoeType } from '@contract/assembly';
import { MAX_PLACES } from '@contract/assembly-catalogue';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldError, fieldLabel } from '../../../components/ui/field-styles';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import {
  emptyPrice,
  emptyType,
  type PriceRow,
  priceField,
  type TypeRow,
  typeField,
} from './assembly-queries';

interface Props {
  types: TypeRow[];
  errors: Record<string, string>;
  /** The new rows, and the fields whose messages the change makes stale. */
  onChange: (types: TypeRow[], touched: string[]) => void;
}

const selectClass =
  'min-h-12 rounded-md border-2 border-ink-soft/40 bg-white px-3 text-lg focus:outline-none focus-visible:ring-4 focus-visible:ring-gold/60';

/**
 * 法会类型与价格: a card per assembly type (往生, 延生, 延往生) with its places (blank: unlimited),
 * 停止报名 (no new registration; those made keep their place), and its price map: a row per tablet
 * type with its price and merit money (yuan). A type that registrations hold says so and cannot be
 * deleted (the server refuses it too): it can only stop taking registrations.
 */
export function AssemblyTypesField({ types, errors, onChange }: Props) {
  // Rows below a removed one move up: their messages no longer name their inputs, so all go.
  const everyField = () =>
    types.flatMap((type, t) => [
      typeField(t, 'hoeType'),
      typeField(t, 'places'),
      typeField(t, 'prices'),
      ...type.prices.flatMap((_, p) => [
        priceField(t, p, 'tabletType'),
        priceField(t, p, 'tabletPriceYuan'),
        priceField(t, p, 'gdjYuan'),
      ]),
    ]);
  const setType = (index: number, change: Partial<TypeRow>, touched: string[]) =>
    onChange(
      types.map((type, at) => (at === index ? { ...type, ...change } : type)),
      [...touched, 'types'],
    );
  const setPrice = (t: number, p: number, part: keyof Omit<PriceRow, 'key'>) => (value: string) => {
    const type = types[t] as TypeRow;
    setType(t, { prices: type.prices.map((price, at) => (at === p ? { ...price, [part]: value } : price)) }, [
      priceField(t, p, part),
      typeField(t, 'prices'),
    ]);
  };
  return (
    <Panel as="fieldset" data-field="types" className="flex flex-col gap-5" legend="法会类型与价格">
      <p className="text-base text-ink-soft">
        名额为1至{MAX_PLACES}，留空为不限。改价只影响之后的报名，已下的订单金额不变。
      </p>
      {errors.types ? (
        <p role="alert" className={fieldError}>
          {errors.types}
        </p>
      ) : null}
      <ol className="flex flex-col gap-6">
        {types.map((type, t) => (
          <li key={type.key} className="flex flex-col gap-4 rounded-md border-2 border-paper-deep p-5">
            <div className="flex flex-wrap items-end gap-6">
              <div data-field={typeField(t, 'hoeType')} className="flex flex-col gap-2">
                <label className={fieldLabel} htmlFor={`hoe-type-${type.key}`}>
                  法会类型
                </label>
                <select
                  id={`hoe-type-${type.key}`}
                  className={selectClass}
                  value={type.hoeType}
                  // A type registrations hold keeps its name: the registrations are of that type.
                  disabled={type.liveOrders > 0}
                  onChange={(event) =>
                    setType(t, { hoeType: event.target.value as HoeType }, [typeField(t, 'hoeType')])
                  }
                >
                  {HOE_TYPES.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
                {errors[typeField(t, 'hoeType')] ? (
                  <span className={fieldError}>{errors[typeField(t, 'hoeType')]}</span>
                ) : null}
              </div>
              <div data-field={typeField(t, 'places')} className="w-56">
                <TextField
                  label="名额"
                  inputMode="numeric"
                  placeholder="不限"
                  value={type.places}
                  onChange={(places) => setType(t, { places }, [typeField(t, 'places')])}
                  error={errors[typeField(t, 'places')]}
                />
              </div>
              <Checkbox
                isSelected={type.withdrawn}
                onChange={(withdrawn) => setType(t, { withdrawn }, [])}
                description="已报名的仍然有效"
              >
                停止报名
              </Checkbox>
              <div className="ml-auto flex flex-col items-end gap-1">
                {type.liveOrders > 0 ? (
                  <p className="text-base text-ink-soft">
                    已有报名 {type.liveOrders} 单（占名额 {type.held}），不能删除
                  </p>
                ) : null}
                <Button
                  tone="secondary"
                  isDisabled={type.liveOrders > 0 || types.length === 1}
                  aria-label={`删除法会类型 ${type.hoeType}`}
                  onPress={() =>
                    onChange(
                      types.filter((_, at) => at !== t),
                      [...everyField(), 'types'],
                    )
                  }
                >
                  删除类型
                </Button>
              </div>
            </div>
            <PriceRows
              type={type}
              index={t}
              errors={errors}
              onPrice={setPrice}
              onRows={(prices, touched) => setType(t, { prices }, touched)}
              everyField={everyField}
            />
          </li>
        ))}
      </ol>
      {types.length < HOE_TYPES.length ? (
        <Button
          tone="secondary"
          className="self-start"
          onPress={() => onChange([...types, emptyType(types.map((type) => type.hoeType))], ['types'])}
        >
          添加法会类型
        </Button>
      ) : null}
    </Panel>
  );
}

interface PriceRowsProps {
  type: TypeRow;
  index: number;
  errors: Record<string, string>;
  onPrice: (t: number, p: number, part: keyof Omit<PriceRow, 'key'>) => (value: string) => void;
  onRows: (prices: PriceRow[], touched: string[]) => void;
  everyField: () => string[];
}

/** The price map of one type: 牌位类型, 牌位价格（元）, 功德金（元）, 删除; 添加牌位. */
function PriceRows({ type, index: t, errors, onPrice, onRows, everyField }: PriceRowsProps) {
  return (
    <div data-field={typeField(t, 'prices')} className="flex flex-col gap-3">
      <p className={fieldLabel}>{type.hoeType} · 牌位与价格</p>
      {errors[typeField(t, 'prices')] ? <p className={fieldError}>{errors[typeField(t, 'prices')]}</p> : null}
      <ol className="flex flex-col gap-3">
        {type.prices.map((price, p) => (
          <li key={price.key} className="flex items-start gap-4">
            <div data-field={priceField(t, p, 'tabletType')} className="w-56">
              <TextField
                label={`牌位类型 ${p + 1}`}
                isRequired
                value={price.tabletType}
                onChange={onPrice(t, p, 'tabletType')}
                error={errors[priceField(t, p, 'tabletType')]}
              />
            </div>
            <div data-field={priceField(t, p, 'tabletPriceYuan')} className="w-52">
              <TextField
                label="牌位价格（元）"
                inputMode="numeric"
                value={price.tabletPriceYuan}
                onChange={onPrice(t, p, 'tabletPriceYuan')}
                error={errors[priceField(t, p, 'tabletPriceYuan')]}
              />
            </div>
            <div data-field={priceField(t, p, 'gdjYuan')} className="w-52">
              <TextField
                label="功德金（元）"
                inputMode="numeric"
                value={price.gdjYuan}
                onChange={onPrice(t, p, 'gdjYuan')}
                error={errors[priceField(t, p, 'gdjYuan')]}
              />
            </div>
            <Button
              tone="quiet"
              className="mt-8"
              isDisabled={type.prices.length === 1}
              aria-label={`删除 ${type.hoeType} 牌位 ${p + 1}`}
              onPress={() =>
                onRows(
                  type.prices.filter((_, at) => at !== p),
                  everyField(),
                )
              }
            >
              删除
            </Button>
          </li>
        ))}
      </ol>
      <Button
        tone="secondary"
        className="self-start"
        isDisabled={type.prices.length >= 20}
        onPress={() => onRows([...type.prices, emptyPrice()], [typeField(t, 'prices')])}
      >
        添加牌位
      </Button>
    </div>
  );
}
