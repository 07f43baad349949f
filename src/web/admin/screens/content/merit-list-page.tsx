import { consoleApi } from '@contract/console';
import { MERIT_PRICE_MODEL_LABELS, type MeritPriceModel, type MeritRow } from '@contract/merit-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { EditLink } from '../../shell/list-cells';
import * as css from '../../shell/table-styles';
import { ListStates } from '../orders/list-states';
import { meritItemsQuery } from './merit-queries';

export const MERIT_ORDER_SAVED = '顺序已保存，网站即刻按此顺序显示';

const move = (ids: number[], index: number, by: -1 | 1) => {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
};

/**
 * 功德项目 (/merit, 内容): every merit item in the order the site shows them, drafts and withdrawn
 * ones too, with its price model, what the site says of its price, whether believers see it and
 * the orders it has; 编辑, 新建功德项目, and 上移 / 下移 with 保存顺序 (sent with the order read, so
 * a list changed meanwhile answers 409 and 重新读取).
 */
export function MeritListPage() {
  const list = useQuery(meritItemsQuery);
  const [order, setOrder] = useState<number[] | null>(null);
  const [announce, setAnnounce] = useState('');
  const queryClient = useQueryClient();
  const save = useMutation<MeritRow[], ConsoleError, { from: number[]; to: number[] }>({
    mutationFn: (body) => consoleCall(consoleApi.meritItemsOrder, { body, quiet: true }),
    onSuccess: (saved) => {
      toast.success(MERIT_ORDER_SAVED, 4000);
      queryClient.setQueryData(meritItemsQuery.queryKey, saved);
      setOrder(null);
    },
  });
  const rows = list.data ?? [];
  const ids = order ?? rows.map((row) => row.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shift = (index: number, by: -1 | 1) => {
    setOrder(move(ids, index, by));
    setAnnounce(`${byId.get(ids[index] ?? 0)?.name ?? ''} 移到第 ${index + by + 1} 位`);
  };
  const reload = () => {
    setOrder(null);
    save.reset();
    void list.refetch();
  };
  return (
    <section aria-labelledby="merit-list-title" className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-2">
          <h1 id="merit-list-title" className="text-2xl font-semibold text-temple">
            功德项目
          </h1>
          <p className="text-lg text-ink-soft">
            新建的项目先保存为草稿，发布后信众即可供养。改价不影响已下的订单。网站按下表的顺序显示。
          </p>
        </div>
        <ConsoleLink to="/merit/new" className={`ml-auto ${buttonClass({ size: 'lg' })}`}>
          新建功德项目
        </ConsoleLink>
      </div>
      <ListStates
        isPending={list.isPending}
        error={list.data ? null : list.error}
        onRetry={() => void list.refetch()}
      >
        {rows.length === 0 ? (
          <p className="p-6 text-lg">尚无功德项目，请点“新建功德项目”。</p>
        ) : (
          <div className={css.frame}>
            <table aria-label="功德项目" className={css.table}>
              <thead className={css.headerRow}>
                <tr>
                  <th className={css.column}>顺序</th>
                  <th className={css.column}>功德项目</th>
                  <th className={css.column}>计价方式</th>
                  <th className={css.column}>价格</th>
                  <th className={css.column}>状态</th>
                  <th className={css.column}>订单</th>
                  <th className={css.column}>操作</th>
                </tr>
              </thead>
              <tbody>
                {ids.map((id, index) => {
                  const row = byId.get(id);
                  if (!row) return null;
                  return (
                    <tr key={id} className="border-b border-paper-deep">
                      <td className={`${css.cell} text-lg font-semibold tabular-nums`}>{index + 1}</td>
                      <th scope="row" className={`${css.cell} text-lg font-semibold`}>
                        {row.name}
                      </th>
                      <td className={css.cell}>
                        {MERIT_PRICE_MODEL_LABELS[row.priceModel as MeritPriceModel]?.label ?? row.priceModel}
                      </td>
                      <td className={`${css.cell} tabular-nums`}>{row.priceLabel}</td>
                      <td className={css.cell}>
                        {row.published ? (
                          <span className="font-semibold text-temple">已发布</span>
                        ) : (
                          <span className="text-ink-soft">未发布</span>
                        )}
                      </td>
                      <td className={`${css.cell} tabular-nums`}>{row.liveOrders}</td>
                      <td className={css.cell}>
                        <div className="flex flex-wrap gap-2">
                          <EditLink to={`/merit/${row.id}`} name={row.name} />
                          <Button
                            tone="quiet"
                            aria-label={`上移 ${row.name}`}
                            isDisabled={index === 0 || save.isPending}
                            onPress={() => shift(index, -1)}
                          >
                            上移
                          </Button>
                          <Button
                            tone="quiet"
                            aria-label={`下移 ${row.name}`}
                            isDisabled={index === ids.length - 1 || save.isPending}
                            onPress={() => shift(index, 1)}
                          >
                            下移
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
      {rows.length > 1 ? (
        <div className="flex justify-end gap-4">
          {save.error?.status === 409 ? (
            <Button tone="secondary" onPress={reload}>
              重新读取
            </Button>
          ) : null}
          <Button
            isDisabled={order === null}
            isPending={save.isPending}
            onPress={() => save.mutate({ from: rows.map((row) => row.id), to: ids })}
          >
            保存顺序
          </Button>
        </div>
      ) : null}
    </section>
  );
}
