import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Panel } from '../../components/ui/panel';
import { toast } from '../../components/ui/toast';
import type { ConsoleError } from '../api/console-client';

interface Props {
  published: boolean;
  /** What the state means for believers, published and not (one sentence each). */
  publishedNote: string;
  draftNote: string;
  /** The toasts once it is shown to believers, and once it is taken down. */
  publishedToast: string;
  withdrawnToast: string;
  /** Sends 发布 (true) or 撤下 (false) with the version read; the page then shows the answer. */
  publish: (published: boolean) => Promise<unknown>;
  /** The label of the state when not published (草稿 for a draft, 未发布 where no draft is kept). */
  draftLabel?: string;
}

/**
 * A catalogue item's state above its form: 已发布 or 草稿 with what that means for believers, and
 * 发布 / 撤下 (pending while it travels; the server's refusal, such as a stale version, beside it).
 */
export function PublishBar({
  published,
  publishedNote,
  draftNote,
  publishedToast,
  withdrawnToast,
  publish,
  draftLabel = '草稿',
}: Props) {
  const toggle = useMutation<unknown, ConsoleError, boolean>({
    mutationFn: publish,
    onSuccess: (_, shown) => toast.success(shown ? publishedToast : withdrawnToast, 4000),
  });
  return (
    <Panel padding="sm" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <span
          className={`whitespace-nowrap rounded-full px-4 py-1 text-lg font-semibold ${
            published ? 'bg-temple text-white' : 'bg-paper-deep text-ink'
          }`}
        >
          {published ? '已发布' : draftLabel}
        </span>
        <p className="text-lg text-ink-soft">{published ? publishedNote : draftNote}</p>
        <Button
          className="ml-auto"
          tone={published ? 'secondary' : 'primary'}
          isPending={toggle.isPending}
          onPress={() => toggle.mutate(!published)}
        >
          {published ? '撤下' : '发布'}
        </Button>
      </div>
      {toggle.error ? <Notice tone="error">{toggle.error.message}</Notice> : null}
    </Panel>
  );
}
