import {
  COUNTER_METHOD_LABELS,
  type CounterMethod,
  type OrderDetail,
  PAYMENT_FLAG_LABELS,
  REFUND_STATUS_LABELS,
} from '@contract/console';
import { type ReactNode, useId } from 'react';
import { Panel } from '../../../components/ui/panel';
import { timeOf, withDates, yuan } from './format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <Panel as="section" padding="sm" aria-labelledby={heading} className="print:border-0">
      <h2 id={heading} className="mb-3 text-xl font-semibold text-temple">
        {title}
      </h2>
      {children}
    </Panel>
  );
}

/** Rows with their place in the list (the server's order is theirs; a line may repeat). */
const numbered = <T,>(items: T[]) => items.map((item, n) => ({ item, n }));

const none = <p className="text-lg text-ink-soft">无</p>;
const th = 'px-3 py-2 text-left font-semibold';
const td = 'px-3 py-2 align-top';

/** The order's lines: what was bought, how many, at what price. */
export function OrderLines({ lines }: { lines: OrderDetail['lines'] }) {
  return (
    <Section title="明细">
      {lines.length === 0 ? (
        none
      ) : (
        <table className="w-full text-lg">
          <thead className="border-b border-paper-deep">
            <tr>
              <th className={th}>项目</th>
              <th className={th}>数量</th>
              <th className={th}>单价</th>
              <th className={th}>金额</th>
            </tr>
          </thead>
          <tbody>
            {numbered(lines).map(({ item: line, n }) => (
              <tr key={n} className="border-b border-paper-deep last:border-0">
                <td className={td}>{line.name}</td>
                <td className={td}>{line.quantity}</td>
                <td className={td}>{yuan(line.unitPriceFen)}</td>
                <td className={td}>{yuan(line.amountFen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

/** What the believer typed for a single-family ceremony: 缘由, 地址 and 备注, as entered. */
export function CeremonyFacts({ ceremony }: { ceremony: NonNullable<OrderDetail['ceremony']> }) {
  const facts: [string, string][] = [
    ['牌位 · 规格', `${ceremony.tabletType} · ${ceremony.tier}`],
    ['缘由', ceremony.cause],
    ['地址', ceremony.address],
    ['备注', ceremony.remark],
    ['来寺日期', ceremony.comeBy ?? ''],
  ];
  return (
    <Section title="佛事信息">
      <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-2 text-lg">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-soft">{label}</dt>
            <dd className="whitespace-pre-wrap break-words">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** The entries: each tablet's names exactly as entered, 延生 or 往生, and the 阳上 names. */
export function OrderEntries({ entries }: { entries: OrderDetail['entries'] }) {
  return (
    <Section title="牌位与姓名">
      {entries.length === 0 ? (
        none
      ) : (
        <ol className="flex flex-col gap-3 text-lg">
          {entries.map((entry) => (
            <li key={entry.position} className="rounded-md border border-paper-deep px-4 py-3">
              <span
                className={`mr-3 rounded px-2 py-0.5 text-base ${entry.kind === '延生' ? 'bg-temple-pale text-temple' : 'bg-gold-pale text-ink'}`}
              >
                {entry.kind}
              </span>
              <span>
                {entry.tablets
                  .map((name, k) => withDates(name, entry.births[k], entry.deaths[k]))
                  .join('、') || '—'}
              </span>
              {entry.ys.length > 0 ? (
                <span className="ml-4 text-ink-soft">阳上：{entry.ys.join('、')}</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export function OrderPlaces({ places }: { places: string[] }) {
  return (
    <Section title="占用名额与位置">
      {places.length === 0 ? (
        none
      ) : (
        <ul className="list-inside list-disc text-lg">
          {places.map((place) => (
            <li key={place}>{place}</li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const methodLabel = (method: string | null) =>
  method ? (COUNTER_METHOD_LABELS[method as CounterMethod] ?? method) : '网上支付';

/** Payments: how (online or at the temple, with its receipt and note), when, and any refund owed. */
export function OrderPayments({ payments }: { payments: OrderDetail['payments'] }) {
  return (
    <Section title="付款记录">
      {payments.length === 0 ? (
        <p className="text-lg text-ink-soft">尚无付款</p>
      ) : (
        <table className="w-full text-lg">
          <thead className="border-b border-paper-deep">
            <tr>
              <th className={th}>付款时间</th>
              <th className={th}>方式</th>
              <th className={th}>金额</th>
              <th className={th}>收据 / 交易号</th>
              <th className={th}>备注</th>
              <th className={th}>退款</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id} className="border-b border-paper-deep last:border-0">
                <td className={td}>{timeOf(payment.paidAt)}</td>
                <td className={td}>{methodLabel(payment.method)}</td>
                <td className={td}>{yuan(payment.amountFen)}</td>
                <td className={`${td} break-all`}>{payment.receiptNo ?? payment.transactionId}</td>
                <td className={td}>{payment.note || '—'}</td>
                <td className={td}>
                  {payment.refundDue
                    ? `待退款${payment.flag ? `（${PAYMENT_FLAG_LABELS[payment.flag] ?? payment.flag}）` : ''}`
                    : '—'}
                  {payment.refundStatus ? (
                    <span className="block">
                      {REFUND_STATUS_LABELS[payment.refundStatus] ?? payment.refundStatus}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

export function OrderHistory({ history }: { history: OrderDetail['history'] }) {
  return (
    <Section title="经过">
      {history.length === 0 ? (
        none
      ) : (
        <ol className="flex flex-col gap-2 text-lg">
          {numbered(history).map(({ item, n }) => (
            <li key={n} className="flex gap-4">
              <time dateTime={item.at} className="shrink-0 text-ink-soft">
                {timeOf(item.at)}
              </time>
              <span>
                {item.what}
                {item.by ? <span className="text-ink-soft">（{item.by}）</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
