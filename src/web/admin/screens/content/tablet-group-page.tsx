import { consoleApi } from '@contract/console';
import type { TabletGroupAnswer } from '@contract/tablet-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { GridList, GridListItem } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus-ring';
import { Notice } from '../../../components/ui/notice';
import { Panel } from '../../../components/ui/panel';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ConsoleLink } from '../../shell/console-link';
import { ListStates } from '../orders/list-states';
import { SEAT_STATES, seatName } from '../seats/seat-queries';
import { TabletGroupForm } from './tablet-group-form';
import { FLOOR_NAMES, tabletCatalogueQuery, tabletGroupQuery } from './tablet-queries';

/**
 * One group (/tablets/groups/<type-floor-group>, or /tablets/groups/new): its form, then its seat
 * map: 增加一排, 增加一列, and 删除所选位置 for places nobody holds (a held place cannot be chosen;
 * it can be blocked at 座位). Every change sends the version read; a 409 says to read again.
 */
export function TabletGroupPage() {
  const { map = 'new' } = useParams({ strict: false }) as { map?: string };
  const isNew = map === 'new';
  const read = useQuery({ ...tabletGroupQuery(map), enabled: !isNew });
  const title = read.data
    ? `${read.data.typeName}·${FLOOR_NAMES[read.data.floor] ?? ''}${read.data.name}`
    : '区域';
  return (
    <section aria-labelledby="tablet-group-title" className="flex max-w-6xl flex-col gap-6">
      <ConsoleLink to="/tablets" className="self-start text-lg text-temple underline">
        ← 牌位供奉
      </ConsoleLink>
      <h1 id="tablet-group-title" className="text-2xl font-semibold text-temple">
        {isNew ? '新增区域' : title}
      </h1>
      {isNew ? (
        <TabletGroupForm answer={null} />
      ) : (
        <ListStates
          isPending={read.isPending}
          error={read.data ? null : read.error}
          onRetry={() => void read.refetch()}
        >
          {read.data ? (
            <>
              <TabletGroupForm key={`${read.data.key}-${read.data.version}`} answer={read.data} />
              <SeatEditor group={read.data} />
            </>
          ) : null}
        </ListStates>
      )}
    </section>
  );
}

type SeatChange = { add: 'row' | 'col' } | { remove: number[] };

function SeatEditor({ group }: { group: TabletGroupAnswer }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const queryClient = useQueryClient();
  const change = useMutation<TabletGroupAnswer, ConsoleError, SeatChange>({
    mutationFn: (what) =>
      'add' in what
        ? consoleCall(consoleApi.tabletSeatsAdd, {
            params: { map: group.key },
            body: { add: what.add, version: group.version },
            quiet: true,
          })
        : consoleCall(consoleApi.tabletSeatsRemove, {
            params: { map: group.key },
            body: { seatIds: what.remove, version: group.version },
            quiet: true,
          }),
    onSuccess: (saved, what) => {
      toast.success(
        'add' in what
          ? what.add === 'row'
            ? '已增加一排'
            : '已增加一列'
          : `已删除${what.remove.length}个位置`,
        4000,
      );
      setSelected(new Set());
      queryClient.setQueryData(tabletGroupQuery(saved.key).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: tabletCatalogueQuery.queryKey, exact: true });
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...tabletGroupQuery(group.key), staleTime: 0 }),
    onSuccess: () => change.reset(),
  });
  const removable = group.seatList.filter((seat) => seat.state === 'free' || seat.state === 'blocked');
  const ordered = [...group.seatList].sort((a, b) => a.row - b.row || a.col - b.col);
  return (
    <Panel as="section" aria-labelledby="seat-editor-title" className="flex flex-col gap-4">
      <h2 id="seat-editor-title" className="text-xl font-semibold text-temple">
        座位图（{group.rows}排 × {group.cols}列，共{group.seats}个位置，已占{group.held}个）
      </h2>
      <p className="text-lg text-ink-soft">
        点选要删除的空位（可多选），再按“删除所选位置”。已有订单的位置不能删除；如需停用，请到“座位”中封存。
      </p>
      <div className="flex flex-wrap gap-3">
        <Button tone="secondary" isDisabled={change.isPending} onPress={() => change.mutate({ add: 'row' })}>
          增加一排
        </Button>
        <Button tone="secondary" isDisabled={change.isPending} onPress={() => change.mutate({ add: 'col' })}>
          增加一列
        </Button>
        <Button
          className="ml-auto"
          isDisabled={selected.size === 0}
          isPending={change.isPending}
          onPress={() => change.mutate({ remove: [...selected] })}
        >
          删除所选位置{selected.size > 0 ? `（${selected.size}个）` : ''}
        </Button>
      </div>
      {change.error ? <Notice tone="error">{change.error.message}</Notice> : null}
      {change.error?.status === 409 ? (
        <Button
          tone="secondary"
          className="self-start"
          isPending={reload.isPending}
          onPress={() => reload.mutate()}
        >
          重新读取
        </Button>
      ) : null}
      <GridList
        aria-label={`${group.name}座位`}
        layout="grid"
        items={ordered}
        selectionMode="multiple"
        disabledKeys={group.seatList.filter((s) => !removable.includes(s)).map((s) => s.id)}
        selectedKeys={selected}
        onSelectionChange={(keys) =>
          setSelected(new Set(keys === 'all' ? removable.map((s) => s.id) : [...keys].map(Number)))
        }
        style={{ gridTemplateColumns: `repeat(${Math.max(1, group.cols)}, minmax(3rem, 1fr))` }}
        className="grid gap-2 overflow-x-auto rounded-md bg-paper p-4"
      >
        {(seat) => {
          const state = SEAT_STATES[seat.state];
          return (
            <GridListItem
              id={seat.id}
              textValue={`${seatName(seat)} ${state.label}`}
              style={{ gridRow: seat.row, gridColumn: seat.col }}
              className={`flex min-h-12 cursor-pointer flex-col items-center justify-center rounded border-2 text-base ${state.cell} data-[disabled]:cursor-not-allowed data-[selected]:ring-4 data-[selected]:ring-gold ${focusRing}`}
            >
              <span aria-hidden className="font-semibold">
                {state.mark}
              </span>
              <span aria-hidden className="text-xs">
                {seat.row}-{seat.col}
              </span>
            </GridListItem>
          );
        }}
      </GridList>
      <p className="text-base text-ink-soft">
        图例：
        {Object.values(SEAT_STATES)
          .map((s) => `${s.mark} ${s.label}`)
          .join('　')}
      </p>
    </Panel>
  );
}
