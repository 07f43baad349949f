import type { MembershipPackage } from '@contract/membership';
import { chosenPackage } from '@machines/membership-renewal.machine';
import type { proxyRenewalMachine } from '@machines/proxy-renewal.machine';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useSessionMobile } from '../../api/session';
import { focusFirstError } from '../../components/ui/focus-first-error';
import { useCheckout } from '../../shared/payment/checkout-logic';
import { newIdempotencyKey } from '../../shared/payment/idempotency-key';
import { payingDevice } from '../../shared/payment/paying-device';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { packagesQuery, relationsQuery } from './membership-queries';
import { useProxyRenewalActor } from './proxy-actor';
import { ProxyConfirm } from './proxy-confirm';
import { ProxyLookupForm } from './proxy-lookup-form';
import { renewedEndDate } from './renewal-end-date';
import { RenewalSuccess } from './renewal-success';
import { WizardSteps } from './wizard-steps';

export const PROXY_STEPS = ['查找会员', '确认续费', '续费成功'] as const;

/** Step 0 lookup, step 1 confirmation and purchase, step 2 success (001 section 4). */
const stepOf = (snapshot: SnapshotFrom<typeof proxyRenewalMachine>): number => {
  if (snapshot.matches('paid')) return PROXY_STEPS.length;
  return snapshot.matches('lookup') || snapshot.matches('lookingUp') || snapshot.matches('redirected')
    ? 0
    : 1;
};

/** The three steps of 代人续费, drawn from the proxy machine's state. */
function ProxyWizard({ packages }: { packages: MembershipPackage[] }) {
  const { data: relations } = useSuspenseQuery(relationsQuery());
  const [snapshot, send, actor] = useProxyRenewalActor(packages);
  const mobile = useSessionMobile() ?? '';
  const confirm = useRef<HTMLDivElement>(null);
  const { context } = snapshot;
  const pkg = chosenPackage(packages, context.itemNo);
  const endDate = context.member && pkg ? renewedEndDate(context.member.END_DATE, pkg) : '';
  const checkout = useCheckout(snapshot.children.checkout);
  return (
    <div className="flex flex-col gap-8">
      <WizardSteps steps={PROXY_STEPS} current={stepOf(snapshot)} />
      {(snapshot.matches('lookup') || snapshot.matches('lookingUp')) && (
        <ProxyLookupForm
          values={context.query}
          errors={context.lookupErrors}
          failure={context.lookupFailure}
          isPending={snapshot.hasTag('busy')}
          onSubmit={(lookup) => {
            send({ type: 'lookup.submit', ...lookup });
            return actor.getSnapshot().context.lookupErrors;
          }}
          onEdit={(field, value) => send({ type: 'lookup.edit', field, value })}
        />
      )}
      {snapshot.matches('redirected') && (
        <p role="status" className="text-lg text-ink-soft">
          正在前往会员续费…
        </p>
      )}
      {context.member && !snapshot.matches('paid') && !snapshot.matches('lookup') && (
        <div ref={confirm}>
          <ProxyConfirm
            member={context.member}
            relations={relations}
            relation={context.relation}
            relationError={context.relationError}
            packages={packages}
            itemNo={context.itemNo}
            endDate={endDate}
            refusal={context.orderError}
            isPending={checkout.busy}
            canSubmit={snapshot.can({ type: 'order.submit', mobile, key: '', device: payingDevice() })}
            onRelation={(relation) => send({ type: 'relation.choose', relation })}
            onPackage={(itemNo) => send({ type: 'package.choose', itemNo })}
            onSubmit={() => {
              send({ type: 'order.submit', mobile, key: newIdempotencyKey(), device: payingDevice() });
              const { relationError } = actor.getSnapshot().context;
              focusFirstError(confirm.current, { relation: relationError ?? undefined }, ['relation']);
            }}
            onRestart={() => send({ type: 'lookup.restart' })}
          />
        </div>
      )}
      {snapshot.matches('paid') && context.member && (
        <RenewalSuccess name={context.member.NAME} endDate={endDate} />
      )}
      <PaymentDialog actor={checkout.payment} />
    </div>
  );
}

/** /GenerationRenewal: 代人续费 (001 section 2), renewing another member's membership. */
export function ProxyRenewalPage() {
  const { data: packages } = useSuspenseQuery(packagesQuery());
  return (
    <section className="mx-auto flex max-w-page flex-col gap-8 px-6 pb-10">
      <h1 className="font-serif text-3xl tracking-widest text-temple">代人续费</h1>
      <div className="rounded-lg border border-gold/40 bg-white p-7">
        <ProxyWizard packages={packages} />
      </div>
    </section>
  );
}
