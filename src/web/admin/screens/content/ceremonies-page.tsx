import { CEREMONY_TYPE_KINDS, type CeremonyCatalogue } from '@contract/ceremony-catalogue';
import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { EditLink } from '../../shell/list-cells';
import * as css from '../../shell/table-styles';
import { ListStates } from '../orders/list-states';
import { ceremoniesQuery } from './ceremony-queries';
import { CeremonySlotsForm } from './ceremony-slots-form';

type TypeLine = CeremonyCatalogue['types'][number];

/** 6 种价格，3800 元起（1 种停止预约）. */
const pricesLine = (type: TypeLine) =>
  `${type.prices} 种价格${type.fromYuan === null ? '' : `，${type.fromYuan} 元起`}${
    type.withdrawnPrices > 0 ? `（${type.withdrawnPrices} 种停止预约）` : ''
  }`;

/**
 * 佛事设置 (/ceremonies, 内容): the two single-family ceremony types with their prices (编辑 opens a
 * type's form), and the day's slots with their sessions, saved as one list. Closed days are kept
 * in 佛事日历.
 */
export function CeremoniesPage() {
  const list = useQuery(ceremoniesQuery);
  return (
    <section aria-labelledby="ceremonies-title" className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 id="ceremonies-title" className="text-2xl font-semibold text-temple">
          佛事设置
        </h1>
        <p className="text-lg text-ink-soft">
          独姓佛事的类型、价格与每日时段。保存后网站即刻生效；改价不影响已下的订单。暂停某日的预约请到“佛事日历”。
        </p>
      </div>
      <ListStates isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {list.data ? (
          <>
            <h2 className="text-xl font-semibold text-temple">佛事类型与价格</h2>
            <div className={css.frame}>
              <Table aria-label="佛事类型" className={css.table}>
                <TableHeader className={css.headerRow}>
                  <Column isRowHeader className={css.column}>
                    佛事
                  </Column>
                  <Column className={css.column}>用途</Column>
                  <Column className={css.column}>价格</Column>
                  <Column className={css.column}>操作</Column>
                </TableHeader>
                <TableBody items={list.data.types.map((type) => ({ ...type, id: type.fsType }))}>
                  {(type) => (
                    <Row id={type.fsType} className={css.row}>
                      <Cell className={`${css.cell} font-semibold`}>{type.name}</Cell>
                      <Cell className={css.cell}>{CEREMONY_TYPE_KINDS[type.fsType]}</Cell>
                      <Cell className={css.cell}>{pricesLine(type)}</Cell>
                      <Cell className={css.cell}>
                        <EditLink to={`/ceremonies/${type.fsType}`} name={type.name} />
                      </Cell>
                    </Row>
                  )}
                </TableBody>
              </Table>
            </div>
            <CeremonySlotsForm answer={list.data.slots} />
          </>
        ) : null}
      </ListStates>
    </section>
  );
}
