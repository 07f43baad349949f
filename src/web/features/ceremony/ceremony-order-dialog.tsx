import { CEREMONY_MESSAGES, CEREMONY_RULES } from '@contract/ceremony';
import { formatYuan, yuanToFen } from '@contract/money';
import { ceremonyBookingClauses } from '@contract/site-notices';
import type { CeremonyBookingContext } from '@machines/ceremony-booking.machine';
import { Agreement } from '../../components/ui/agreement';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { dialogBodyHeight } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { TextAreaField } from '../../components/ui/text-area-field';
import { MemorialEntryEditor } from '../../shared/memorial-entry/memorial-entry-editor';
import { TabletPreview } from '../../shared/memorial-entry/tablet-preview';
import type { MemorialEntryActor } from '../../shared/memorial-entry/use-memorial-entry-actor';
import { useSiteConfig } from '../../shared/site-config-query';

export interface CeremonyOrderDialogProps {
  context: CeremonyBookingContext;
  /** The editor, the booking machine's child `entries` (undefined while the dialog is closed). */
  editor: MemorialEntryActor | undefined;
  isOpen: boolean;
  onAgree: (agreed: boolean) => void;
  onCause: (cause: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

const term = 'text-ink-soft';
const KIND = { '1': '往生', '2': '延生' } as const;

/**
 * 订单确认 (000 section 2): name, type, content, quantity, date and time, the cause, the entries
 * with the editor and the tablet preview, the agreement, the deposit; a rule's or the server's
 * message above 确定 / 取消.
 */
export function CeremonyOrderDialog(props: CeremonyOrderDialogProps) {
  const { context, editor, isOpen, onAgree, onCause, onConfirm, onCancel } = props;
  const { detail, draft, entries, agreed, cause, orderError } = context;
  const causeError = orderError === CEREMONY_MESSAGES.cause ? orderError : undefined;
  // 佛事预约须知: the deposit's clauses as the server applies them, then the temple's own (站点信息 → 须知).
  const { ceremonyRules, tabletPhrases } = useSiteConfig();
  return (
    <ConfirmDialog title="订单确认" isOpen={isOpen} onConfirm={onConfirm} onCancel={onCancel} width={1000}>
      <div
        className={`grid gap-6 overflow-y-auto pr-2 md:grid-cols-[minmax(0,1fr)_15rem] ${dialogBodyHeight(Boolean(orderError && !causeError))}`}
      >
        <div className="flex flex-col gap-6">
          {draft && (
            <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 sm:grid-cols-[5rem_1fr_5rem_1fr]">
              <dt className={term}>佛事名称</dt>
              <dd>{detail.FS_NAME}</dd>
              <dt className={term}>佛事类型</dt>
              <dd>{KIND[draft.FS_TYPE]}</dd>
              <dt className={term}>牌位类型</dt>
              <dd>{draft.FS_CONTENT}</dd>
              <dt className={term}>数量</dt>
              <dd>{draft.MANY}</dd>
              <dt className={term}>日期时间</dt>
              <dd className="sm:col-span-3">
                {draft.FS_DATE} {draft.FS_TIME}
              </dd>
            </dl>
          )}
          <div data-field="cause">
            <TextAreaField
              label="缘由（选填）"
              placeholder="可填写做佛事的缘由，最多300字"
              value={cause}
              onChange={onCause}
              maxLength={CEREMONY_RULES.causeLength}
              error={causeError}
            />
          </div>
          {editor && <MemorialEntryEditor actor={editor} />}
          <Agreement
            title="佛事预约须知"
            clauses={ceremonyBookingClauses(ceremonyRules)}
            agreed={agreed}
            onAgree={onAgree}
            isInvalid={orderError === CEREMONY_MESSAGES.agree}
          />
          {draft && (
            <p className="text-lg">
              本次支付定金：
              <span className="text-3xl font-bold text-temple">{formatYuan(yuanToFen(draft.MONEY))}</span>
              <span className="ml-3 text-base text-ink-soft">
                佛事金额 {formatYuan(yuanToFen(draft.GDJ_TOTAL))}，余款到寺院缴纳
              </span>
            </p>
          )}
        </div>
        <TabletPreview entries={entries} phrases={tabletPhrases} />
      </div>
      {orderError && !causeError && (
        <div className="mt-5">
          <Notice tone="error">{orderError}</Notice>
        </div>
      )}
    </ConfirmDialog>
  );
}
