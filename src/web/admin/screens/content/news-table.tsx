import { NEWS_MENU_LABELS, type NewsEditMenu, type NewsRow } from '@contract/news-editing';
import { templeDateTime } from '@contract/temple-day';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { ConsoleLink } from '../../shell/console-link';
import * as css from '../../shell/table-styles';
import { NewsStateBadge } from './news-state-badge';

/**
 * The articles found: the title (opens the form), the menu, the list date, where it stands
 * (已发布 / 定时发布 with its time / 草稿) and who changed it last, when.
 */
export function NewsTable({ rows, filtered }: { rows: NewsRow[]; filtered: boolean }) {
  return (
    <div className={css.frame}>
      <Table aria-label="文章列表" className={css.table}>
        <TableHeader className={css.headerRow}>
          <Column isRowHeader className={css.column}>
            标题
          </Column>
          <Column className={css.column}>栏目</Column>
          <Column className={css.column}>日期</Column>
          <Column className={css.column}>状态</Column>
          <Column className={css.column}>最后修改</Column>
        </TableHeader>
        <TableBody
          items={rows}
          renderEmptyState={() => (
            <p className="p-6 text-lg">{filtered ? '没有符合条件的文章' : '暂无文章，请点击“新建文章”'}</p>
          )}
        >
          {(row) => (
            <Row id={row.id} className={css.row}>
              <Cell className={css.cell}>
                <ConsoleLink to={`/news/${row.id}`} className={css.link}>
                  {row.title}
                </ConsoleLink>
                {row.link ? <span className="ml-2 text-base text-ink-soft">（外部链接）</span> : null}
              </Cell>
              <Cell className={`${css.cell} whitespace-nowrap`}>
                {NEWS_MENU_LABELS[row.menu as NewsEditMenu] ?? row.menu}
              </Cell>
              <Cell className={`${css.cell} whitespace-nowrap tabular-nums`}>{row.newDate}</Cell>
              <Cell className={css.cell}>
                <NewsStateBadge state={row.state} publishAt={row.publishAt} />
              </Cell>
              <Cell className={`${css.cell} text-ink-soft`}>
                {row.updatedAt ? (
                  <span className="tabular-nums">
                    {row.updatedBy ?? ''} {templeDateTime(new Date(row.updatedAt)).slice(0, 16)}
                  </span>
                ) : (
                  '—'
                )}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
