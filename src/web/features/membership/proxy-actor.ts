import { MEMBERSHIP_MESSAGES, type MembershipPackage, membershipApi } from '@contract/membership';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { proxyRenewalMachine } from '@machines/proxy-renewal.machine';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { portalClient } from '../../api/client';
import { useSessionMobile } from '../../api/session';
import { toast } from '../../components/ui/toast';
import { paymentLogic } from '../../shared/payment/payment-logic';
import { reasonOr } from './renewal-actor';
import { readSessionSnapshot, useSessionSnapshot } from './session-snapshot';

/** The steps a reload comes back to (not while looking up, ordering or showing the QR). */
const restsOnStep = (snapshot: SnapshotFrom<typeof proxyRenewalMachine>) =>
  snapshot.matches('editing') || snapshot.matches('confirming');

/**
 * The proxy renewal with its real effects: the lookup, the order call, the QR poll, navigation;
 * kept for the session, so a reload keeps the code and name typed, or the member found, the
 * relation and the package.
 */
export const useProxyRenewalActor = (packages: readonly MembershipPackage[]) => {
  const navigate = useNavigate();
  const key = `membership-proxy:${useSessionMobile() ?? ''}`;
  const [snapshot] = useState(() =>
    readSessionSnapshot(key, proxyRenewalMachine, restsOnStep, (context) => ({ ...context, packages })),
  );
  const machine = useMachine(
    proxyRenewalMachine.provide({
      actors: {
        // Quiet: 查找失败 (or 查找过于频繁…) is shown on the lookup step, where the believer is looking.
        lookupMember: fromPromise(async ({ input }) =>
          portalClient(membershipApi.lookup, input, { quiet: true }).then(
            (answer) => answer.data,
            reasonOr(MEMBERSHIP_MESSAGES.lookupFailed),
          ),
        ),
        createOrder: fromPromise(async ({ input: { order, idempotencyKey } }) =>
          portalClient(membershipApi.order, order, {
            quiet: true,
            headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          }).then((answer) => answer.data, reasonOr(MEMBERSHIP_MESSAGES.qrFailed)),
        ),
        payment: paymentLogic,
      },
      actions: {
        // The believer's own code and name: their own renewal, with a word why they are there.
        goToRenewals: () => {
          toast.info(MEMBERSHIP_MESSAGES.selfProxy);
          void navigate({ to: '/Renewals' });
        },
      },
    }),
    { input: { packages }, snapshot },
  );
  useSessionSnapshot(key, machine[2], restsOnStep);
  return machine;
};
