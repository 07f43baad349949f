import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';

/** A list's loading line, or its error with 重试, or the list itself. */
export function ListStates({
  isPending,
  error,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (isPending)
    return (
      <p role="status" className="py-10 text-center text-lg text-ink-soft">
        正在加载…
      </p>
    );
  if (error)
    return (
      <div className="flex flex-col items-start gap-4 py-6">
        <Notice tone="error">{error.message || '加载失败'}</Notice>
        <Button tone="secondary" onPress={onRetry}>
          重试
        </Button>
      </div>
    );
  return <>{children}</>;
}
