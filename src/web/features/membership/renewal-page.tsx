import { MEMBERSHIP_MESSAGES, type MembershipPackage, type MyMembership } from '@contract/membership';
import { qrFailureText } from '@contract/membership-form';
import { chosenPackage, type membershipRenewalMachine } from '@machines/membership-renewal.machine';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useSessionMobile } from '../../api/session';
import { Button, buttonClass } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { myMembershipQuery } from '../../shared/believer-queries';
import { MemberSummary } from '../../shared/member-summary';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { newIdempotencyKey } from '../../shared/payment/idempotency-key';
import { payingDevice } from '../../shared/payment/paying-device';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { packagesQuery } from './membership-queries';
import { PackageStep } from './package-step';
import { useRenewalActor } from './renewal-actor';
import { renewedEndDate } from './renewal-end-date';
import { NewEndDate } from './renewal-end-date-notice';
import { RenewalSuccess } from './renewal-success';
import { WizardSteps } from './wizard-steps';

export const RENEWAL_STEPS = ['年限选择', '支付'] as const;

/** 年限选择, then 支付 while the checkout's QR shows. */
const stepOf = (snapshot: SnapshotFrom<typeof membershipRenewalMachine>, paying: boolean): number =>
  snapshot.matches('paid') ? RENEWAL_STEPS.length : paying ? 1 : 0;

/** Not a member yet: 您还不是功德会会员，请先入会, with the way to /joinMember. */
export function JoinFirst() {
  return (
    <div className="flex flex-col items-start gap-5">
      <Notice>{MEMBERSHIP_MESSAGES.notMember}</Notice>
      <Link to="/joinMember" className={buttonClass({ size: 'lg' })}>
        前往入会
      </Link>
    </div>
  );
}

/** The two steps of the own renewal, drawn from the renewal machine's state. */
function RenewalWizard({
  member,
  packages,
}: {
  member: NonNullable<MyMembership>;
  packages: MembershipPackage[];
}) {
  const [snapshot, send] = useRenewalActor(packages);
  const checkout = useCheckout(snapshot.children.checkout);
  const mobile = useSessionMobile() ?? '';
  const { context } = snapshot;
  // The end date the wizard began from: a refetch after paying must not add the years twice.
  const [currentEnd] = useState(member.END_DATE);
  const pkg = chosenPackage(packages, context.itemNo);
  const endDate = pkg ? renewedEndDate(currentEnd, pkg) : '';
  const busy = checkout.busy;
  return (
    <div className="flex flex-col gap-8">
      <WizardSteps steps={RENEWAL_STEPS} current={stepOf(snapshot, checkout.paying)} />
      {snapshot.matches('paid') ? (
        <RenewalSuccess endDate={endDate} />
      ) : (
        <>
          <MemberSummary
            code={member.HY_CODE}
            name={member.NAME}
            status={member.HY_STATUS}
            endDate={member.END_DATE}
          />
          <PackageStep
            packages={packages}
            value={context.itemNo}
            isDisabled={busy}
            onChange={(itemNo) => send({ type: 'package.choose', itemNo })}
          />
          <NewEndDate endDate={endDate} />
          {context.orderError && <Notice tone="error">{qrFailureText(context.orderError)}</Notice>}
          {context.orderError === MEMBERSHIP_MESSAGES.notMember && (
            <Link to="/joinMember" className={buttonClass({ tone: 'secondary' })}>
              前往入会
            </Link>
          )}
          <div className="flex justify-end border-t border-gold/30 pt-6">
            <Button
              size="lg"
              isPending={busy}
              isDisabled={!snapshot.can({ type: 'order.submit', mobile, key: '', device: payingDevice() })}
              onPress={() =>
                send({ type: 'order.submit', mobile, key: newIdempotencyKey(), device: payingDevice() })
              }
            >
              立即续费
            </Button>
          </div>
        </>
      )}
      <PaymentDialog actor={checkout.payment} />
    </div>
  );
}

/** /Renewals: 会员续费 (001 section 2), for a member; anyone else is pointed to /joinMember. */
export function RenewalPage() {
  const { data: member } = useSuspenseQuery(myMembershipQuery);
  const { data: packages } = useSuspenseQuery(packagesQuery());
  return (
    <section className="mx-auto flex max-w-page flex-col gap-8 px-6 pb-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl tracking-widest text-temple">会员续费</h1>
        <Link to="/GenerationRenewal" className={buttonClass({ tone: 'secondary' })}>
          代人续费
        </Link>
      </div>
      <div className="rounded-lg border border-gold/40 bg-white p-7">
        {member ? <RenewalWizard member={member} packages={packages} /> : <JoinFirst />}
      </div>
    </section>
  );
}
