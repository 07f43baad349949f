import type { AssemblyRow } from '@contract/assembly-catalogue';
import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { buttonClass } from '../../../components/ui/button';
import { ConsoleLink } from '../../shell/console-link';
import { EditLink, PublishedState } from '../../shell/list-cells';
import * as css from '../../shell/table-styles';
import { ListStates } from '../orders/list-states';
import { assembliesQuery } from './assembly-queries';

/** 往生 12/300 · 延生 不限 (停止报名). */
const typesLine = (row: AssemblyRow) =>
  row.types
    .map(
      (type) =>
        `${type.hoeType} ${type.places === null ? `已报 ${type.held}，不限` : `${type.held}/${type.places}`}${
          type.withdrawn ? '（停止报名）' : ''
        }`,
    )
    .join('；');

/**
 * 法会管理 (/assemblies, 内容): every assembly of the catalogue, the latest first, drafts too, with
 * its dates, its types' places taken, and whether believers see it; 新建法会 and 编辑.
 */
export function AssembliesPage() {
  const list = useQuery(assembliesQuery);
  return (
    <section aria-labelledby="assemblies-title" className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-2">
          <h1 id="assemblies-title" className="text-2xl font-semibold text-temple">
            法会管理
          </h1>
          <p className="text-lg text-ink-soft">
            新建的法会先保存为草稿，发布后信众即可报名。改价不影响已下的订单。
          </p>
        </div>
        <ConsoleLink to="/assemblies/new" className={`ml-auto ${buttonClass({ size: 'lg' })}`}>
          新建法会
        </ConsoleLink>
      </div>
      <ListStates isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {list.data ? (
          <div className={css.frame}>
            <Table aria-label="法会" className={css.table}>
              <TableHeader className={css.headerRow}>
                <Column isRowHeader className={css.column}>
                  法会
                </Column>
                <Column className={css.column}>日期</Column>
                <Column className={css.column}>名额（已报/总数）</Column>
                <Column className={css.column}>状态</Column>
                <Column className={css.column}>操作</Column>
              </TableHeader>
              <TableBody
                items={list.data}
                renderEmptyState={() => <p className="p-6 text-lg">尚无法会，请点“新建法会”。</p>}
              >
                {(row) => (
                  <Row id={row.id} className={css.row}>
                    <Cell className={`${css.cell} font-semibold`}>{row.name}</Cell>
                    <Cell className={css.cell}>
                      <div className="flex flex-col">
                        <span className="tabular-nums">
                          {row.startDate === row.endDate
                            ? row.startDate
                            : `${row.startDate} 至 ${row.endDate}`}
                        </span>
                        <span className="text-ink-soft">{row.lunarTime}</span>
                      </div>
                    </Cell>
                    <Cell className={css.cell}>{typesLine(row)}</Cell>
                    <Cell className={css.cell}>
                      <PublishedState published={row.published} />
                    </Cell>
                    <Cell className={css.cell}>
                      <EditLink to={`/assemblies/${row.id}`} name={row.name} />
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
        ) : null}
      </ListStates>
    </section>
  );
}
