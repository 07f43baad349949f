import { consoleApi } from '@contract/console';
import type { NicheMap } from '@contract/statue-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Panel } from '../../../components/ui/panel';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { ListStates } from '../orders/list-states';
import { nichesQuery } from './statue-queries';

type Niche = NicheMap['niches'][number];

const STATE_TEXT: Record<Niche['state'], string> = {
  free: '可选',
  blocked: '已封存',
  held: '已预定',
  paid: '已售未供',
  enshrined: '已售已供',
};
const STATE_CLASS: Record<Niche['state'], string> = {
  free: 'bg-white border-ink-soft/40',
  blocked: 'bg-paper-deep border-ink-soft/60 text-ink-soft line-through',
  held: 'bg-gold/20 border-gold',
  paid: 'bg-temple/10 border-temple',
  enshrined: 'bg-temple/25 border-temple',
};

/** Why a niche cannot be removed, or null. */
const keeps = (niche: Niche) =>
  niche.state === 'held' || niche.state === 'paid' || niche.state === 'enshrined'
    ? '该龛位已有人供奉或预定，不能删除'
    : niche.ordered
      ? '该龛位有过订单记录，不能删除'
      : null;

/**
 * A group's niches (/statues/<location>/<group>): the map as believers see it, 增加一排 / 增加一列
 * of free niches, and 删除 of the niche chosen when no order ever named it. Blocking a niche is the
 * reception's (座位). Each change carries the version read; a stale one (409) offers 重新读取.
 */
export function StatueNichesPage() {
  const { location = '1', group = '' } = useParams({ strict: false }) as {
    location?: string;
    group?: string;
  };
  const read = useQuery(nichesQuery(location, group));
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const change = useMutation<NicheMap, ConsoleError, { add: 'row' | 'column' } | { nicheId: number }>({
    mutationFn: (what) => {
      const version = read.data?.version ?? 0;
      const params = { location, group };
      return 'add' in what
        ? consoleCall(consoleApi.statueNichesAdd, { params, body: { add: what.add, version }, quiet: true })
        : consoleCall(consoleApi.statueNicheRemove, {
            params,
            body: { nicheId: what.nicheId, version },
            quiet: true,
          });
    },
    onSuccess: (map, what) => {
      toast.success('add' in what ? '龛位已增加，网站即刻生效' : '龛位已删除，网站即刻生效', 4000);
      queryClient.setQueryData(nichesQuery(location, group).queryKey, map);
      void queryClient.invalidateQueries({ queryKey: ['console', 'statues'], exact: true });
      setChosen(null);
    },
  });
  const map = read.data;
  const niche = map?.niches.find((n) => n.id === chosen) ?? null;
  const reason = niche ? keeps(niche) : null;
  return (
    <section aria-labelledby="niches-title" className="flex max-w-6xl flex-col gap-6">
      <ConsoleLink to="/statues" className="self-start text-lg text-temple underline">
        ← 佛像供奉
      </ConsoleLink>
      <h1 id="niches-title" className="text-2xl font-semibold text-temple">
        {map ? `${map.title.replace(/^圣像·/, '')} · 龛位` : '龛位'}
      </h1>
      <p className="text-lg text-ink-soft">
        可增加一排或一列龛位；从未有人下单的龛位可以删除。已有供奉或订单记录的龛位不能删除，如需停用，请客堂在“座位”中封存。
      </p>
      <ListStates
        isPending={read.isPending}
        error={map ? null : read.error}
        onRetry={() => void read.refetch()}
      >
        {map ? (
          <>
            <Panel padding="sm" className="flex flex-wrap items-center gap-4">
              <span className="text-lg">
                共 {map.rows} 排 {map.cols} 列，{map.niches.length} 个龛位
              </span>
              <Button
                tone="secondary"
                isPending={change.isPending}
                onPress={() => change.mutate({ add: 'row' })}
              >
                增加一排
              </Button>
              <Button
                tone="secondary"
                isPending={change.isPending}
                onPress={() => change.mutate({ add: 'column' })}
              >
                增加一列
              </Button>
            </Panel>
            <fieldset className="min-w-0 overflow-x-auto rounded-lg border border-paper-deep bg-white p-4">
              <legend className="px-2 text-lg text-ink-soft">龛位图：“2-5”即第2排第5号，点选一个龛位</legend>
              <div
                className="grid gap-1"
                style={{ gridTemplateColumns: `repeat(${map.cols}, minmax(2.75rem, 1fr))` }}
              >
                {map.niches.map((n) => (
                  <button
                    key={n.id}
                    type="button"
                    aria-pressed={chosen === n.id}
                    aria-label={`${n.row}排${n.col}号 ${STATE_TEXT[n.state]}`}
                    onClick={() => setChosen(n.id)}
                    style={{ gridRow: n.row, gridColumn: n.col }}
                    className={`min-h-11 rounded border-2 text-base tabular-nums focus:outline-none focus-visible:ring-4 focus-visible:ring-gold/60 ${
                      STATE_CLASS[n.state]
                    } ${chosen === n.id ? 'ring-4 ring-temple' : ''}`}
                  >
                    {n.row}-{n.col}
                  </button>
                ))}
              </div>
            </fieldset>
            <ul className="flex flex-wrap gap-4 text-base" aria-label="图例">
              {(Object.keys(STATE_TEXT) as Niche['state'][]).map((state) => (
                <li key={state} className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className={`inline-block size-5 rounded border-2 ${STATE_CLASS[state]}`}
                  />
                  {STATE_TEXT[state]}
                </li>
              ))}
            </ul>
            <Panel padding="sm" className="flex flex-wrap items-center gap-4" aria-live="polite">
              {niche ? (
                <>
                  <span className="text-lg font-semibold">
                    已选：{niche.row}排{niche.col}号（{STATE_TEXT[niche.state]}）
                  </span>
                  {reason ? <span className="text-lg text-ink-soft">{reason}</span> : null}
                  <Button
                    tone="secondary"
                    className="ml-auto"
                    isDisabled={reason !== null}
                    isPending={change.isPending}
                    onPress={() => change.mutate({ nicheId: niche.id })}
                  >
                    删除此龛位
                  </Button>
                </>
              ) : (
                <span className="text-lg text-ink-soft">点选一个龛位，可查看能否删除。</span>
              )}
            </Panel>
            {change.error ? (
              <Notice tone="error">
                <span className="flex flex-wrap items-center gap-4">
                  {change.error.message}
                  {change.error.status === 409 ? (
                    <Button
                      tone="secondary"
                      onPress={() => {
                        change.reset();
                        void read.refetch();
                      }}
                    >
                      重新读取
                    </Button>
                  ) : null}
                </span>
              </Notice>
            ) : null}
          </>
        ) : null}
      </ListStates>
    </section>
  );
}
