import type { Fault, Route } from './types';

/** Faults queued per route, each spent by one request to that route, in order. */
export const createFaultQueue = () => {
  const queued = new Map<Route, Fault[]>();
  return {
    inject(route: Route, fault: Fault, times = 1) {
      queued.set(route, [...(queued.get(route) ?? []), ...Array<Fault>(times).fill(fault)]);
    },
    take: (route: Route): Fault | undefined => queued.get(route)?.shift(),
  };
};
