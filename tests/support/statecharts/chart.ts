import type { MachineEntry } from '@machines/index';
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/** One arrow of a chart, in words a designer reads. */
export interface ChartEdge {
  source: AnyStateNode;
  target: AnyStateNode;
  event: string;
  guard: string | null;
  actions: string[];
}

/** An action's or guard's name, whether written as a string or as `{ type }`. */
export const nameOf = (item: unknown): string | null => {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object' && 'type' in item && typeof item.type === 'string') return item.type;
  return null;
};

/** xstate.after.pollInterval.payment.polling.waiting → after pollInterval; xstate.done.actor.login → done: login */
export const eventName = (eventType: string): string => {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  return eventType;
};

/** Every state node below the root, parents before children. */
export const chartNodes = (entry: MachineEntry): AnyStateNode[] =>
  getStateNodes(entry.machine.root).filter((n: AnyStateNode) => n !== entry.machine.root);

export const chartEdges = (entry: MachineEntry): ChartEdge[] =>
  [entry.machine.root, ...chartNodes(entry)].flatMap((node: AnyStateNode) =>
    [...node.transitions.values()].flat().map((t: AnyTransitionDefinition) => ({
      source: node,
      target: t.target?.[0] ?? node,
      event: eventName(t.eventType),
      guard: nameOf(t.guard),
      actions: t.actions.map(nameOf).filter((a): a is string => a !== null && !a.startsWith('xstate.')),
    })),
  );

export const isCompound = (node: AnyStateNode) => Object.keys(node.states).length > 0;

/** The leaf a compound state starts in (an arrow into a cluster points at it). */
export const initialLeaf = (node: AnyStateNode): AnyStateNode => {
  if (!isCompound(node)) return node;
  const first = node.initial?.target?.[0] ?? Object.values(node.states)[0];
  return first ? initialLeaf(first as AnyStateNode) : node;
};

export const nodeLabel = (node: AnyStateNode) => node.path.at(-1) ?? node.id;
export const edgeLabel = (edge: ChartEdge) =>
  `${edge.event}${edge.guard ? ` [${edge.guard}]` : ''}${edge.actions.length ? ` / ${edge.actions.join(', ')}` : ''}`;
