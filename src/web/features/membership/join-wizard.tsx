import type { MembershipPackage } from '@contract/membership';
import type { JoinFormValues } from '@contract/membership-form';
import { joinOrderOfContext, type membershipJoinMachine } from '@machines/membership-join.machine';
import type { SnapshotFrom } from 'xstate';
import { Button } from '../../components/ui/button';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { newIdempotencyKey } from '../../shared/payment/idempotency-key';
import { payingDevice } from '../../shared/payment/paying-device';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { JoinConfirmStep } from './join-confirm-step';
import { JoinFormStep } from './join-form-step';
import { JoinSuccess } from './join-success';
import { PackageStep } from './package-step';
import { useMembershipJoinActor } from './use-membership-join-actor';
import { WizardSteps } from './wizard-steps';

export const JOIN_STEPS = ['年限选择', '信息确认', '支付'] as const;

/** Which of the three steps the believer is on: the package and the form are 年限选择, the QR 支付. */
const stepOf = (snapshot: SnapshotFrom<typeof membershipJoinMachine>, paying: boolean): number => {
  if (snapshot.matches('paid')) return JOIN_STEPS.length;
  if (paying) return 2;
  return snapshot.matches('choosing') || snapshot.matches('editing') ? 0 : 1;
};

export interface JoinWizardProps {
  packages: readonly MembershipPackage[];
  mobile: string;
  defaults: JoinFormValues;
}

/** The three steps of 功德会入会, each drawn from the join machine's state. */
export function JoinWizard({ packages, mobile, defaults }: JoinWizardProps) {
  const [snapshot, send, actor] = useMembershipJoinActor({ packages, mobile, values: defaults });
  const checkout = useCheckout(snapshot.children.checkout);
  const { context } = snapshot;
  const pkg = packages.find((p) => p.ITEMNO === context.productId);
  const confirming = snapshot.matches('ordering');
  const order = confirming ? joinOrderOfContext(context) : null;
  return (
    <div className="flex flex-col gap-8">
      <WizardSteps steps={JOIN_STEPS} current={stepOf(snapshot, checkout.paying)} />
      {snapshot.matches('choosing') && (
        <div className="flex flex-col gap-8">
          <PackageStep
            packages={packages}
            value={context.productId}
            onChange={(itemNo) => send({ type: 'package.choose', itemNo })}
          />
          <div className="flex justify-end border-t border-gold/30 pt-6">
            <Button size="lg" onPress={() => send({ type: 'package.next' })}>
              下一步
            </Button>
          </div>
        </div>
      )}
      {snapshot.matches('editing') && (
        <JoinFormStep
          values={context.values}
          errors={context.errors}
          onSubmit={(values) => {
            send({
              type: 'order.submit',
              form: values,
              mobile: mobile || null,
              key: newIdempotencyKey(),
              device: payingDevice(),
            });
            return actor.getSnapshot().context.errors;
          }}
          onBack={(values) => send({ type: 'form.back', values })}
          onEdit={(field, values) => send({ type: 'form.edit', field, values })}
        />
      )}
      {confirming && pkg && order && (
        <JoinConfirmStep
          pkg={pkg}
          order={order}
          agreed={context.agreed}
          refusal={context.orderError}
          // 立即购买 before 同意 is taken and changes nothing: the consent, not `can`, says it may buy.
          canBuy={snapshot.can({ type: 'order.confirm' })}
          isPending={checkout.busy}
          onAgree={(agreed) => send({ type: 'consent.set', agreed })}
          onBack={() => send({ type: 'order.cancel' })}
          onBuy={() => send({ type: 'order.confirm' })}
        />
      )}
      {snapshot.matches('paid') && <JoinSuccess />}
      <PaymentDialog actor={checkout.payment} />
    </div>
  );
}
