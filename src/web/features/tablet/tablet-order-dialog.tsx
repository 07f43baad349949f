import { formatYuan, yuanToFen } from '@contract/money';
import { TABLET_RULES } from '@contract/tablet';
import type { TabletDialogErrors, TabletDraft } from '@contract/tablet-form';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { dialogBodyHeight } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { TextField } from '../../components/ui/text-field';

export interface TabletOrderDialogProps {
  draft: TabletDraft | null;
  names: readonly string[];
  descendants: readonly string[];
  errors: TabletDialogErrors;
  orderError: string | null;
  isOpen: boolean;
  isPending: boolean;
  onName: (index: number, value: string) => void;
  onDescendant: (index: number, value: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

const NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八'] as const;
const term = 'text-ink-soft';

/**
 * 订单确认 (002 sections 2 and 5): the category, place and price; up to 3 供奉人 and, for a
 * rebirth tablet, up to 8 阳上 names, each with its message beside it; a refusal above 确定 / 取消.
 */
export function TabletOrderDialog(props: TabletOrderDialogProps) {
  const { draft, names, descendants, errors, orderError, isOpen, isPending } = props;
  return (
    <ConfirmDialog
      title="订单确认"
      isOpen={isOpen}
      isPending={isPending}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      width={760}
    >
      <div className={`flex flex-col gap-5 overflow-y-auto pr-2 ${dialogBodyHeight(Boolean(orderError))}`}>
        {draft && (
          <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 sm:grid-cols-[5rem_1fr_5rem_1fr]">
            <dt className={term}>类别</dt>
            <dd>{draft.FHTYPENAME}</dd>
            <dt className={term}>位置</dt>
            <dd>
              {draft.location} {draft.SP_POSITION}
            </dd>
            <dt className={term}>金额</dt>
            <dd className="text-2xl sm:col-span-3 font-bold text-temple">
              {formatYuan(yuanToFen(draft.GFJ_TOTAL))}
            </dd>
          </dl>
        )}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-medium text-ink">
            供奉人（至少填写一位，只能输入中文和字母，最多{TABLET_RULES.nameMax}字）
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {names.map((name, i) => (
              <div key={`name${NUMBERS[i]}`} data-field={`name${i}`} className="min-w-0">
                <TextField
                  label={`供奉人${NUMBERS[i]}`}
                  // At least one is needed, and its message stands beside the first.
                  isRequired={i === 0}
                  value={name}
                  onChange={(value) => props.onName(i, value)}
                  error={errors[`name${i}`]}
                />
              </div>
            ))}
          </div>
        </fieldset>
        {draft?.FS_TYPE === '2' && (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-lg font-medium text-ink">
              阳上（至少填写一位，只能输入中文和字母）
            </legend>
            <div className="grid gap-3 sm:grid-cols-4">
              {descendants.map((name, i) => (
                <div key={`ys${NUMBERS[i]}`} data-field={`ys${i}`} className="min-w-0">
                  <TextField
                    label={`阳上人${NUMBERS[i]}`}
                    isRequired={i === 0}
                    value={name}
                    onChange={(value) => props.onDescendant(i, value)}
                    error={errors[`ys${i}`]}
                  />
                </div>
              ))}
            </div>
          </fieldset>
        )}
      </div>
      {orderError && (
        <div className="mt-5">
          <Notice tone="error">{orderError}</Notice>
        </div>
      )}
    </ConfirmDialog>
  );
}
