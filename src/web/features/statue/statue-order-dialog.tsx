import { formatYuan, yuanToFen } from '@contract/money';
import { STATUE_RULES } from '@contract/statue';
import type { StatueOrderContext } from '@machines/statue-order.machine';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Notice } from '../../components/ui/notice';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';

export interface StatueOrderDialogProps {
  context: StatueOrderContext;
  isOpen: boolean;
  isPending: boolean;
  onDonor: (donor: string) => void;
  onRemark: (remark: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

const term = 'text-ink-soft';

/** 订单确认 (001 section 5): what is enshrined where, 功德芳名 and 备注 with their messages, the total. */
export function StatueOrderDialog(props: StatueOrderDialogProps) {
  const { context, isOpen, isPending, onDonor, onRemark, onConfirm, onCancel } = props;
  const { draft, donor, remark, fieldErrors, orderError } = context;
  return (
    <ConfirmDialog
      title="订单确认"
      isOpen={isOpen}
      isPending={isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
      width={640}
    >
      <div className="flex flex-col gap-5">
        {draft && (
          <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2">
            <dt className={term}>供奉圣像</dt>
            <dd>{draft.FULL_NAME}</dd>
            <dt className={term}>供奉期限</dt>
            <dd>{draft.GF_TYPE_TEXT}</dd>
            <dt className={term}>供奉位置</dt>
            <dd>
              {draft.FX_LOCATION_NAME} {draft.FX_ZB}
            </dd>
          </dl>
        )}
        <div data-field="donor">
          <TextField
            label="功德芳名"
            isRequired
            placeholder={`${STATUE_RULES.donorMax}个字以内的中文或英文`}
            value={donor}
            onChange={onDonor}
            error={fieldErrors.donor}
            isDisabled={isPending}
          />
        </div>
        <div data-field="remark">
          <TextAreaField
            label="备注（选填）"
            value={remark}
            onChange={onRemark}
            maxLength={STATUE_RULES.remarkMax}
            error={fieldErrors.remark}
            isDisabled={isPending}
          />
        </div>
        {draft && (
          <p className="text-lg">
            功德金：
            <span className="text-3xl font-bold text-temple">{formatYuan(yuanToFen(draft.GFJ_TOTAL))}</span>
          </p>
        )}
        {orderError && <Notice tone="error">{orderError}</Notice>}
      </div>
    </ConfirmDialog>
  );
}
