import { imageSources } from '@contract/content-image';
import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { buttonClass } from '../../../components/ui/button';
import { ConsoleLink } from '../../shell/console-link';
import { EditLink, PublishedState } from '../../shell/list-cells';
import * as css from '../../shell/table-styles';
import { ListStates } from '../orders/list-states';
import { videosQuery } from './video-queries';

/**
 * 视频管理 (/videos, 内容): every video of the gallery, the newest first, drafts too, with its
 * poster, date, whether it has captions and whether believers see it; 新建视频 and 编辑.
 */
export function VideosPage() {
  const list = useQuery(videosQuery);
  return (
    <section aria-labelledby="videos-title" className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-2">
          <h1 id="videos-title" className="text-2xl font-semibold text-temple">
            视频管理
          </h1>
          <p className="text-lg text-ink-soft">
            上传的视频先保存为草稿，发布后在网站“视频专区”播放。支持 WebM、MP4，不超过200MB。
          </p>
        </div>
        <ConsoleLink to="/videos/new" className={`ml-auto ${buttonClass({ size: 'lg' })}`}>
          新建视频
        </ConsoleLink>
      </div>
      <ListStates isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {list.data ? (
          <div className={css.frame}>
            <Table aria-label="视频" className={css.table}>
              <TableHeader className={css.headerRow}>
                <Column className={css.column}>封面</Column>
                <Column isRowHeader className={css.column}>
                  标题
                </Column>
                <Column className={css.column}>日期</Column>
                <Column className={css.column}>字幕</Column>
                <Column className={css.column}>状态</Column>
                <Column className={css.column}>操作</Column>
              </TableHeader>
              <TableBody
                items={list.data}
                renderEmptyState={() => <p className="p-6 text-lg">尚无视频，请点“新建视频”。</p>}
              >
                {(row) => (
                  <Row id={row.id} className={css.row}>
                    <Cell className={css.cell}>
                      {row.poster ? (
                        <img
                          {...imageSources(row.poster)}
                          sizes="128px"
                          alt=""
                          className="aspect-video w-32 rounded object-cover"
                        />
                      ) : null}
                    </Cell>
                    <Cell className={`${css.cell} font-semibold`}>{row.title}</Cell>
                    <Cell className={`${css.cell} tabular-nums`}>{row.newDate}</Cell>
                    <Cell className={css.cell}>
                      {row.captions ? '有' : <span className="text-ink-soft">无</span>}
                    </Cell>
                    <Cell className={css.cell}>
                      <PublishedState published={row.published} />
                    </Cell>
                    <Cell className={css.cell}>
                      <EditLink to={`/videos/${row.id}`} name={row.title} />
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
