import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import type { ConsoleError } from '../api/console-client';

interface Props {
  /** The form's save and 重新读取 (useVersionedForm). */
  save: Pick<UseMutationResult<unknown, ConsoleError, never>, 'error' | 'isPending'>;
  reload: Pick<UseMutationResult<unknown, Error, void>, 'error' | 'isPending' | 'mutate'>;
  /** Whether the item exists (a new one has nothing to read again). */
  canReload: boolean;
  /** 保存, or 保存为草稿 for a new item. */
  submitLabel: string;
  /**
   * What to say above 保存 of the save's refusal, when the form says some refusals beside their
   * field instead (null: nothing here). By default, the refusal's message.
   */
  refusal?: string | null;
}

/**
 * The end of a versioned console form: the server's refusal of the save (unless the form says it
 * beside a field), a failed re-read, 重新读取 when the save was refused as stale (409: what was
 * typed stays until it is pressed), and the submit button, pending while the save travels.
 */
export function VersionedFormFooter({ save, reload, canReload, submitLabel, refusal }: Props) {
  const said = refusal === undefined ? (save.error?.message ?? null) : refusal;
  return (
    <>
      {said !== null ? <Notice tone="error">{said}</Notice> : null}
      {reload.error ? <Notice tone="error">{reload.error.message || '读取失败，请稍后再试'}</Notice> : null}
      <div className="flex justify-end gap-4">
        {save.error?.status === 409 && canReload ? (
          <Button tone="secondary" isPending={reload.isPending} onPress={() => reload.mutate()}>
            重新读取
          </Button>
        ) : null}
        <Button type="submit" size="lg" isPending={save.isPending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
