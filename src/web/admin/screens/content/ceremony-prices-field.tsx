import { CEREMONY_RULES } from '@contract/ceremony';
import { MAX_CEREMONY_PRICES } from '@contract/ceremony-catalogue';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldError } from '../../../components/ui/field-styles';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { emptyPrice, type PriceRow, priceField } from './ceremony-queries';

interface Props {
  prices: PriceRow[];
  errors: Record<string, string>;
  /** The new rows, and the fields whose messages the change makes stale ('all': every row's). */
  onChange: (prices: PriceRow[], touched: string[] | 'all') => void;
}

/**
 * 牌位与价格: a row per tablet type × tier (往生莲位 · 一堂 · 3800 元) with 停止预约. A price that
 * bookings from today on hold keeps its names and cannot be deleted (the server refuses it too):
 * it can only stop taking bookings. Believers pay the 1000-yuan deposit online whatever the price.
 */
export function CeremonyPricesField({ prices, errors, onChange }: Props) {
  const set = (p: number, part: 'tabletType' | 'tier' | 'priceYuan') => (value: string) =>
    onChange(
      prices.map((row, at) => (at === p ? { ...row, [part]: value } : row)),
      [priceField(p, part)],
    );
  return (
    <Panel as="fieldset" data-field="prices" className="flex flex-col gap-5" legend="牌位与价格">
      <p className="text-lg text-ink-soft">
        {`每行一种牌位类型与堂数的价格（元），不低于网上定金${CEREMONY_RULES.money}元。改价只影响之后的预约，已下的订单金额不变。`}
      </p>
      {errors.prices ? (
        <p role="alert" className={fieldError}>
          {errors.prices}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {prices.map((row, p) => (
          <li
            key={row.key}
            className="flex flex-wrap items-start gap-5 rounded-md border-2 border-paper-deep p-4"
          >
            <div data-field={priceField(p, 'tabletType')} className="w-52">
              <TextField
                label={`牌位类型 ${p + 1}`}
                isRequired
                placeholder="往生莲位"
                isReadOnly={row.liveOrders > 0}
                value={row.tabletType}
                onChange={set(p, 'tabletType')}
                error={errors[priceField(p, 'tabletType')]}
              />
            </div>
            <div data-field={priceField(p, 'tier')} className="w-40">
              <TextField
                label="堂数"
                isRequired
                placeholder="一堂"
                isReadOnly={row.liveOrders > 0}
                value={row.tier}
                onChange={set(p, 'tier')}
                error={errors[priceField(p, 'tier')]}
              />
            </div>
            <div data-field={priceField(p, 'priceYuan')} className="w-60">
              <TextField
                label="价格（元）"
                isRequired
                inputMode="numeric"
                value={row.priceYuan}
                onChange={set(p, 'priceYuan')}
                error={errors[priceField(p, 'priceYuan')]}
              />
            </div>
            <div className="mt-7">
              <Checkbox
                isSelected={row.withdrawn}
                onChange={(withdrawn) =>
                  onChange(
                    prices.map((r, at) => (at === p ? { ...r, withdrawn } : r)),
                    [],
                  )
                }
                description="已预约的仍然有效"
              >
                停止预约
              </Checkbox>
            </div>
            <div className="ml-auto flex flex-col items-end gap-1">
              {row.liveOrders > 0 ? (
                <p className="text-base text-ink-soft">已有预约 {row.liveOrders} 单，不能删除</p>
              ) : null}
              <Button
                tone="secondary"
                isDisabled={row.liveOrders > 0 || prices.length === 1}
                aria-label={`删除价格 ${p + 1}`}
                onPress={() =>
                  onChange(
                    prices.filter((_, at) => at !== p),
                    'all',
                  )
                }
              >
                删除
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button
        tone="secondary"
        className="self-start"
        isDisabled={prices.length >= MAX_CEREMONY_PRICES}
        onPress={() => onChange([...prices, emptyPrice()], [])}
      >
        添加价格
      </Button>
    </Panel>
  );
}
