import { ASSEMBLY_MESSAGES, type AssemblyMeritItem } from '@contract/assembly';
import { formatYuan, yuanToFen } from '@contract/money';
import type { AssemblyOrderContext } from '@machines/assembly-order.machine';
import { Agreement } from '../../components/ui/agreement';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { dialogBodyHeight } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { MemorialEntryEditor } from '../../shared/memorial-entry/memorial-entry-editor';
import { TabletPreview } from '../../shared/memorial-entry/tablet-preview';
import type { MemorialEntryActor } from '../../shared/memorial-entry/use-memorial-entry-actor';
import { useSiteConfig } from '../../shared/site-config-query';

export interface AssemblyOrderDialogProps {
  context: AssemblyOrderContext;
  /** The editor, the order machine's child `entries` (undefined while the dialog is closed). */
  editor: MemorialEntryActor | undefined;
  items: AssemblyMeritItem[];
  /** The print size the temple uses for this tablet type (the preview data), when known. */
  printNote: string | null;
  isOpen: boolean;
  isPending: boolean;
  onAgree: (agreed: boolean) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

const term = 'text-ink-soft';

/**
 * 订单确认: what is registered, the entries with the editor, the tablet preview, the agreement
 * with 报名须知, the amount, and a rule's or the server's message above 确认支付 / 取消.
 */
export function AssemblyOrderDialog(props: AssemblyOrderDialogProps) {
  const { context, editor, items, printNote, isOpen, isPending, onAgree, onConfirm, onCancel } = props;
  const { draft, entries, agreed, orderError } = context;
  // 报名须知: the temple's seven clauses, kept in the site settings (站点信息 → 须知).
  const { registrationRules, tabletPhrases } = useSiteConfig();
  const lines = (draft?.meritItemList ?? []).map((line) => ({
    ...line,
    name: items.find((i) => i.ITEMNO === line.MERIT_ITEM)?.CNNAME ?? line.MERIT_ITEM,
  }));
  return (
    <ConfirmDialog
      title="订单确认"
      isOpen={isOpen}
      isPending={isPending}
      confirmLabel="确认支付"
      onConfirm={onConfirm}
      onCancel={onCancel}
      width={1000}
    >
      <div
        className={`grid gap-6 overflow-y-auto pr-2 md:grid-cols-[minmax(0,1fr)_15rem] ${dialogBodyHeight(Boolean(orderError))}`}
      >
        <div className="flex flex-col gap-6">
          {draft && (
            <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 sm:grid-cols-[5rem_1fr_5rem_1fr]">
              <dt className={term}>法会名称</dt>
              <dd className="sm:col-span-3">{draft.HOE_NAME}</dd>
              <dt className={term}>法会日期</dt>
              <dd className="sm:col-span-3">
                {draft.START_DATE === draft.END_DATE
                  ? draft.START_DATE
                  : `${draft.START_DATE} 至 ${draft.END_DATE}`}
              </dd>
              <dt className={term}>法会类型</dt>
              <dd>{draft.HOE_TYPE}</dd>
              <dt className={term}>牌位类型</dt>
              <dd>{draft.TABLET_TYPE}</dd>
              <dt className={term}>数量</dt>
              <dd className="sm:col-span-3">{draft.QUANTITY}</dd>
              {lines.length > 0 && (
                <>
                  <dt className={term}>功德项目</dt>
                  <dd className="sm:col-span-3">
                    {lines.map((l) => `${l.name} × ${l.QUANTITY}`).join('、')}
                  </dd>
                </>
              )}
            </dl>
          )}
          {editor && <MemorialEntryEditor actor={editor} />}
          <Agreement
            title="报名须知"
            clauses={registrationRules}
            agreed={agreed}
            onAgree={onAgree}
            isDisabled={isPending}
            isInvalid={orderError === ASSEMBLY_MESSAGES.agree}
          />
          <p className="text-lg">
            订单金额：
            <span className="text-3xl font-bold text-temple">
              {formatYuan(yuanToFen(draft?.HOE_GDJ_TOTAL ?? 0))}
            </span>
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <TabletPreview entries={entries} phrases={tabletPhrases} />
          {printNote && <p className="text-base text-ink-soft">{printNote}</p>}
        </div>
      </div>
      {orderError && (
        <div className="mt-5">
          <Notice tone="error">{orderError}</Notice>
        </div>
      )}
    </ConfirmDialog>
  );
}
