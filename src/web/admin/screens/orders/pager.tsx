import { Button } from '../../../components/ui/button';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** 上一页 / 第 x 页，共 y 页 / 下一页, under a list of pages. */
export function Pager({ page, pageSize, total, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="翻页" className="mt-4 flex items-center justify-end gap-4 text-lg">
      <span className="text-ink-soft">共 {total} 条</span>
      <Button tone="secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        上一页
      </Button>
      <span aria-live="polite">
        第 {Math.min(page, pages)} 页，共 {pages} 页
      </span>
      <Button tone="secondary" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        下一页
      </Button>
    </nav>
  );
}
