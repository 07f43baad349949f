import { type MembershipJoinInput, membershipJoinMachine } from '@machines/membership-join.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';
import { storeMemberUserType } from './member-user-type';
import { readSessionSnapshot, useSessionSnapshot } from './session-snapshot';

/** The steps a reload comes back to (not while checking out: the order made or its QR shown). */
const restsOnStep = (snapshot: SnapshotFrom<typeof membershipJoinMachine>) =>
  snapshot.matches('choosing') || snapshot.matches('editing') || snapshot.matches('ordering.confirming');

/**
 * The join wizard with its real effects: the ordering flow's (the checkout, the orders asked
 * again; its success is the page's own), the stored user type; kept for the session, so a reload
 * keeps the package, what was typed and the step.
 */
export const useMembershipJoinActor = (input: MembershipJoinInput) => {
  const queryClient = useQueryClient();
  const effects = useOrderingEffects({ successPage: false });
  const key = `membership-join:${input.mobile}`;
  const [snapshot] = useState(() =>
    readSessionSnapshot(key, membershipJoinMachine, {
      input,
      isRest: restsOnStep,
      revive: (context) => ({
        ...context,
        packages: input.packages,
        productId: input.packages.some((p) => p.ITEMNO === context.productId)
          ? context.productId
          : (input.packages[0]?.ITEMNO ?? ''),
      }),
    }),
  );
  const machine = useActor(
    membershipJoinMachine.provide({
      actors: effects.actors,
      actions: {
        ...effects.actions,
        storeMember: () => {
          storeMemberUserType();
          // Stale, not refetched now: the page keeps showing 支付成功 rather than "already a member".
          void queryClient.invalidateQueries({ queryKey: ['believer'], refetchType: 'none' });
          void queryClient.invalidateQueries({ queryKey: ['me'] });
        },
      },
    }),
    { input, snapshot },
  );
  useSessionSnapshot(key, machine[2], restsOnStep);
  return machine;
};
