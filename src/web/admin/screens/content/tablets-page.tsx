import type { TabletGroupRow } from '@contract/tablet-catalogue';
import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { buttonClass } from '../../../components/ui/button';
import { ConsoleLink } from '../../shell/console-link';
import { EditLink } from '../../shell/list-cells';
import * as css from '../../shell/table-styles';
import { ListStates } from '../orders/list-states';
import { FLOOR_NAMES, tabletCatalogueQuery } from './tablet-queries';
import { TabletTextForm } from './tablet-text-form';

/**
 * 牌位供奉 (/tablets, 内容): the two tablet types and two categories (name, photograph,
 * description), and every group of every floor with its state, price and places; 新增区域 and 编辑.
 */
export function TabletsPage() {
  const read = useQuery(tabletCatalogueQuery);
  const typeName = (row: TabletGroupRow) =>
    read.data?.types.find((type) => type.pwType === row.pwType)?.name ?? '';
  return (
    <section aria-labelledby="tablets-title" className="flex max-w-6xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 id="tablets-title" className="text-2xl font-semibold text-temple">
          牌位供奉
        </h1>
        <p className="text-lg text-ink-soft">
          改动保存后网站即刻生效。改价不影响已下的订单；已有订单的位置不能删除，只能停用。
        </p>
      </div>
      <ListStates isPending={read.isPending} error={read.error} onRetry={() => void read.refetch()}>
        {read.data ? (
          <>
            <h2 className="text-xl font-semibold text-temple">牌位类型</h2>
            <div className="grid grid-cols-2 gap-6">
              {read.data.types.map((item) => (
                <TabletTextForm key={`type-${item.id}`} kind="type" item={item} />
              ))}
            </div>
            <h2 className="text-xl font-semibold text-temple">牌位类别</h2>
            <div className="grid grid-cols-2 gap-6">
              {read.data.categories.map((item) => (
                <TabletTextForm key={`category-${item.id}`} kind="category" item={item} />
              ))}
            </div>
            <div className="flex flex-wrap items-end gap-4">
              <div className="flex flex-col gap-1">
                <h2 className="text-xl font-semibold text-temple">塔层与区域</h2>
                <p className="text-lg text-ink-soft">
                  每个区域一个价格；新增的区域默认暂不开放，确认无误后再开放。
                </p>
              </div>
              <ConsoleLink to="/tablets/groups/new" className={`ml-auto ${buttonClass({ size: 'lg' })}`}>
                新增区域
              </ConsoleLink>
            </div>
            <div className={css.frame}>
              <Table aria-label="塔层与区域" className={css.table}>
                <TableHeader className={css.headerRow}>
                  <Column isRowHeader className={css.column}>
                    区域
                  </Column>
                  <Column className={css.column}>牌位类型</Column>
                  <Column className={css.column}>价格</Column>
                  <Column className={css.column}>位置（已占/总数）</Column>
                  <Column className={css.column}>状态</Column>
                  <Column className={css.column}>操作</Column>
                </TableHeader>
                <TableBody
                  items={read.data.groups}
                  renderEmptyState={() => <p className="p-6 text-lg">尚无区域</p>}
                >
                  {(row) => (
                    <Row id={row.key} className={css.row}>
                      <Cell className={`${css.cell} font-semibold`}>
                        {FLOOR_NAMES[row.floor] ?? `${row.floor}层`} {row.name}
                      </Cell>
                      <Cell className={css.cell}>{typeName(row)}</Cell>
                      <Cell className={`${css.cell} tabular-nums`}>
                        {row.priceYuan.toLocaleString('zh-CN')} 元{row.mixedPrices ? '起' : ''}
                      </Cell>
                      <Cell className={`${css.cell} tabular-nums`}>
                        {row.held}/{row.seats}
                      </Cell>
                      <Cell className={css.cell}>
                        {row.closed ? (
                          <span className="text-ink-soft">暂不开放</span>
                        ) : (
                          <span className="font-semibold text-temple">开放</span>
                        )}
                      </Cell>
                      <Cell className={css.cell}>
                        <EditLink
                          to={`/tablets/groups/${row.key}`}
                          name={`${typeName(row)}${FLOOR_NAMES[row.floor] ?? ''}${row.name}`}
                        />
                      </Cell>
                    </Row>
                  )}
                </TableBody>
              </Table>
            </div>
          </>
        ) : null}
      </ListStates>
    </section>
  );
}
