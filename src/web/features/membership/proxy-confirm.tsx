import type { DictItem, MemberLookupAnswer, MembershipPackage } from '@contract/membership';
import { qrFailureText } from '@contract/membership-form';
import { Button } from '../../components/ui/button';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Notice } from '../../components/ui/notice';
import { MemberSummary } from '../../shared/member-summary';
import { PackageStep } from './package-step';
import { NewEndDate } from './renewal-end-date-notice';

export interface ProxyConfirmProps {
  member: MemberLookupAnswer;
  relations: readonly DictItem[];
  relation: string | null;
  relationError: string | null;
  packages: readonly MembershipPackage[];
  itemNo: string | null;
  /** The end date the chosen package gives the member. */
  endDate: string;
  refusal: string | null;
  isPending: boolean;
  canSubmit: boolean;
  onRelation: (relation: string) => void;
  onPackage: (itemNo: string) => void;
  onSubmit: () => void;
  onRestart: () => void;
}

/** Step 1: the member as the lookup answered (name masked), the relation, the package, 确认续费. */
export function ProxyConfirm(props: ProxyConfirmProps) {
  const { member, relations, relation, relationError, packages, itemNo, endDate, refusal, isPending } = props;
  return (
    <div className="flex flex-col gap-8">
      <MemberSummary name={member.NAME} status={member.HY_STATUS} endDate={member.END_DATE} />
      <div data-field="relation">
        <ChoiceCards
          label="与会员的关系"
          value={relation}
          onChange={props.onRelation}
          error={relationError ?? undefined}
          choices={relations.map((r) => ({ value: r.ITEMNO, label: r.CNNAME, isDisabled: isPending }))}
        />
      </div>
      <PackageStep packages={packages} value={itemNo} isDisabled={isPending} onChange={props.onPackage} />
      <NewEndDate endDate={endDate} />
      {refusal && <Notice tone="error">{qrFailureText(refusal)}</Notice>}
      <div className="flex flex-wrap justify-end gap-4 border-t border-gold/30 pt-6">
        <Button tone="secondary" size="lg" isDisabled={isPending} onPress={props.onRestart}>
          重新查找
        </Button>
        <Button size="lg" isPending={isPending} isDisabled={!props.canSubmit} onPress={props.onSubmit}>
          确认续费
        </Button>
      </div>
    </div>
  );
}
