import type { MembershipPackage } from '@contract/membership';
import { membershipRenewalMachine } from '@machines/membership-renewal.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useSessionMobile } from '../../api/session';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';
import { readSessionSnapshot, useSessionSnapshot } from './session-snapshot';

/** The step a reload comes back to (not while checking out: the order made or its QR shown). */
const restsOnStep = (snapshot: SnapshotFrom<typeof membershipRenewalMachine>) => snapshot.matches('editing');

/**
 * The own renewal with its real effects: the ordering flow's (the checkout, a refusal shown on
 * the page, the orders asked again; its success is the page's own); kept for the session, so a
 * reload keeps the chosen package.
 */
export const useRenewalActor = (packages: readonly MembershipPackage[]) => {
  const queryClient = useQueryClient();
  const effects = useOrderingEffects({ successPage: false });
  const key = `membership-renewal:${useSessionMobile() ?? ''}`;
  const [snapshot] = useState(() =>
    readSessionSnapshot(key, membershipRenewalMachine, {
      input: { packages },
      isRest: restsOnStep,
      revive: (context) => ({ ...context, packages }),
    }),
  );
  const machine = useActor(
    membershipRenewalMachine.provide({
      actors: effects.actors,
      actions: {
        ...effects.actions,
        // Stale, not refetched now: the success keeps the end date the purchase was shown with.
        renewed: () => void queryClient.invalidateQueries({ queryKey: ['believer'], refetchType: 'none' }),
      },
    }),
    { input: { packages }, snapshot },
  );
  useSessionSnapshot(key, machine[2], restsOnStep);
  return machine;
};
