import { MEMBERSHIP_MESSAGES, type MembershipPackage, membershipApi } from '@contract/membership';
import { IDEMPOTENCY_HEADER } from '@contract/payment';
import { membershipRenewalMachine } from '@machines/membership-renewal.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError, portalClient } from '../../api/client';
import { useSessionMobile } from '../../api/session';
import { paymentLogic } from '../../shared/payment/payment-logic';
import { readSessionSnapshot, useSessionSnapshot } from './session-snapshot';

/** The step a reload comes back to (not while the order is created or its QR shown). */
const restsOnStep = (snapshot: SnapshotFrom<typeof membershipRenewalMachine>) => snapshot.matches('choosing');

/**
 * A failed call as the believer reads it: the server's refusal keeps its words (请先入会,
 * 查找过于频繁…); anything else (the network, a server fault) says only `fallback`.
 */
export const reasonOr =
  (fallback: string) =>
  (error: unknown): never => {
    throw error instanceof ApiError && error.status >= 400 && error.status < 500
      ? error
      : new Error(fallback);
  };

/**
 * The own renewal with its real effects: the order call (quiet: shown on the page), the QR poll;
 * kept for the session, so a reload keeps the chosen package.
 */
export const useRenewalActor = (packages: readonly MembershipPackage[]) => {
  const queryClient = useQueryClient();
  const key = `membership-renewal:${useSessionMobile() ?? ''}`;
  const [snapshot] = useState(() =>
    readSessionSnapshot(key, membershipRenewalMachine, restsOnStep, (context) => ({ ...context, packages })),
  );
  const machine = useMachine(
    membershipRenewalMachine.provide({
      actors: {
        createOrder: fromPromise(async ({ input: { order, idempotencyKey } }) =>
          portalClient(membershipApi.order, order, {
            quiet: true,
            headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          }).then((answer) => answer.data, reasonOr(MEMBERSHIP_MESSAGES.qrFailed)),
        ),
        payment: paymentLogic,
      },
      actions: {
        // Stale, not refetched now: the success keeps the end date the purchase was shown with.
        renewed: () => void queryClient.invalidateQueries({ queryKey: ['believer'], refetchType: 'none' }),
      },
    }),
    { input: { packages }, snapshot },
  );
  useSessionSnapshot(key, machine[2], restsOnStep);
  return machine;
};
