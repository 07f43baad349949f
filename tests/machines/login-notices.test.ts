import { ASSEMBLY_MESSAGES } from '@contract/assembly';
import { CEREMONY_MESSAGES } from '@contract/ceremony';
import { MERIT_MESSAGES } from '@contract/merit';
import { STATUE_MESSAGES } from '@contract/statue';
import { TABLET_MESSAGES } from '@contract/tablet';
import { assemblyOrderMachine } from '@machines/assembly-order.machine';
import { ceremonyBookingMachine } from '@machines/ceremony-booking.machine';
import { meritOrderMachine } from '@machines/merit-order.machine';
import { statueOrderMachine } from '@machines/statue-order.machine';
import { tabletBookingMachine } from '@machines/tablet-booking.machine';
import { describe, expect, it } from 'vitest';

interface StateConfig {
  invoke?: { src?: unknown; input?: unknown } | { src?: unknown; input?: unknown }[];
  states?: Record<string, StateConfig>;
}

/** The notices a machine's `awaitLogin` invokes open the login dialog with (its config, walked). */
const loginNotices = (machine: { config: unknown }): unknown[] => {
  const found: unknown[] = [];
  const walk = (state: StateConfig) => {
    const invokes = state.invoke === undefined ? [] : [state.invoke].flat();
    for (const invoke of invokes) {
      if (invoke.src === 'awaitLogin') found.push((invoke.input as { notice?: unknown }).notice);
    }
    for (const child of Object.values(state.states ?? {})) walk(child);
  };
  walk(machine.config as StateConfig);
  return found;
};

describe('the login notice names the flow it interrupts', () => {
  it.each([
    ['assembly registration', assemblyOrderMachine, ASSEMBLY_MESSAGES.loginFirst, '报名'],
    ['ceremony booking', ceremonyBookingMachine, CEREMONY_MESSAGES.loginFirst, '预约'],
    ['tablet booking', tabletBookingMachine, TABLET_MESSAGES.loginFirst, '预约'],
    ['statue enshrinement', statueOrderMachine, STATUE_MESSAGES.loginFirst, '供奉'],
    ['merit offering', meritOrderMachine, MERIT_MESSAGES.loginFirst, '供养'],
  ])('%s: the contract’s notice, with 请先登录 and the flow’s own word', (_flow, machine, notice, word) => {
    expect(loginNotices(machine)).toEqual([notice]);
    expect(notice).toContain('请先登录');
    expect(notice).toContain(word);
  });

  it('each flow has its own words', () => {
    const notices = [
      ASSEMBLY_MESSAGES.loginFirst,
      STATUE_MESSAGES.loginFirst,
      MERIT_MESSAGES.loginFirst,
      TABLET_MESSAGES.loginFirst,
    ];
    expect(new Set(notices).size).toBe(notices.length);
  });
});
