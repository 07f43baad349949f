import { MEMBERSHIP_MESSAGES, type MembershipPackage, membershipApi } from '@contract/membership';
import { proxyRenewalMachine } from '@machines/proxy-renewal.machine';
import { useNavigate } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError, portalClient } from '../../api/client';
import { useSessionMobile } from '../../api/session';
import { toast } from '../../components/ui/toast';
import { useOrderingEffects } from '../../shared/ordering/ordering-effects';
import { readSessionSnapshot, useSessionSnapshot } from './session-snapshot';

/**
 * A failed lookup as the believer reads it: the server's refusal keeps its words (查找过于频繁…);
 * anything else (the network, a server fault) says only 查找失败.
 */
const lookupFailure = (error: unknown): never => {
  throw error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error
    : new Error(MEMBERSHIP_MESSAGES.lookupFailed);
};

/** The steps a reload comes back to (not while looking up or checking out). */
const restsOnStep = (snapshot: SnapshotFrom<typeof proxyRenewalMachine>) =>
  snapshot.matches('lookup') || snapshot.matches('editing');

/**
 * The proxy renewal with its real effects: the lookup, the ordering flow's (the checkout, the
 * orders asked again; its success is the page's own), navigation; kept for the session, so a
 * reload keeps the code and name typed, or the member found, the relation and the package.
 */
export const useProxyRenewalActor = (packages: readonly MembershipPackage[]) => {
  const navigate = useNavigate();
  const effects = useOrderingEffects({ successPage: false });
  const key = `membership-proxy:${useSessionMobile() ?? ''}`;
  const [snapshot] = useState(() =>
    readSessionSnapshot(key, proxyRenewalMachine, {
      input: { packages },
      isRest: restsOnStep,
      revive: (context) => ({ ...context, packages }),
    }),
  );
  const machine = useActor(
    proxyRenewalMachine.provide({
      actors: {
        ...effects.actors,
        // Quiet: 查找失败 (or 查找过于频繁…) is shown on the lookup step, where the believer is looking.
        lookupMember: fromPromise(async ({ input }) =>
          portalClient(membershipApi.lookup, input, { quiet: true }).then(
            (answer) => answer.data,
            lookupFailure,
          ),
        ),
      },
      actions: {
        ...effects.actions,
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
