import { Pager, pageCount } from '../../components/ui/pager';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** 共 M 条 / 上一页 / 第 x 页，共 y 页 / 下一页, under a list of the console's pages (from page 1). */
export function ConsolePager({ page, pageSize, total, onPage }: Props) {
  const pages = pageCount(total, pageSize);
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      label="翻页"
      status={`第 ${Math.min(page, pages)} 页，共 ${pages} 页`}
      start={<span className="text-ink-soft">共 {total} 条</span>}
      className="mt-4 justify-end"
    />
  );
}
