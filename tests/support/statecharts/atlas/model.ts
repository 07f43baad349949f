import type { MachineEntry } from '@machines/index';
import type { AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { eventName, nameOf } from '../chart';
import {
  allTransitions,
  coveringPaths,
  eventLabel,
  leavesOf,
  reachOf,
  transitionLabel,
  valueLabel,
} from '../graph';

/** One leaf state of a machine as the atlas shows it. */
export interface AtlasState {
  /** The state node's id ('ceremonyBooking.ordering.confirming'). */
  id: string;
  /** Its path in the machine ('ordering.confirming'): names its screen's files and anchors. */
  path: string;
  tags: string[];
  /** The events it accepts (its own and its ancestors' transitions): 'order.confirm → ordering.reserving'. */
  events: string[];
  /** The covering paths (0-based) that pass through it. */
  paths: number[];
  /** The fewest steps from the start to it on the covering paths: the order a believer meets it in. */
  depth: number;
}

export interface AtlasPath {
  /** 'P3': the atlas's and the CSV's name for the path. */
  id: string;
  description: string;
  steps: { event: string; value: string }[];
  /** The state value the path ends in. */
  expected: string;
  /** The leaf the path ends in (its screen). */
  leaf: string;
}

export interface AtlasTransition {
  label: string;
  /** The covering paths (0-based) that take it. */
  paths: number[];
}

export interface AtlasModel {
  name: string;
  surface: MachineEntry['surface'];
  start: string;
  states: AtlasState[];
  paths: AtlasPath[];
  transitions: AtlasTransition[];
}

export const pathId = (index: number) => `P${index + 1}`;
export const statePath = (node: AnyStateNode) => node.path.join('.') || '(root)';

const leafNodes = (entry: MachineEntry): AnyStateNode[] =>
  getStateNodes(entry.machine.root).filter((n: AnyStateNode) => n.type === 'atomic' || n.type === 'final');

const ancestry = (node: AnyStateNode): AnyStateNode[] =>
  node.parent ? [node, ...ancestry(node.parent)] : [node];

const accepted = (node: AnyStateNode): string[] =>
  ancestry(node).flatMap((n) =>
    [...n.transitions.values()].flat().map((t: AnyTransitionDefinition) => {
      const guard = nameOf(t.guard) ? ` [${nameOf(t.guard)}]` : '';
      const target = t.target?.map((x: AnyStateNode) => statePath(x)).join(', ') ?? '(stays)';
      return `${eventName(t.eventType)}${guard} → ${target}`;
    }),
  );

/**
 * What the atlas, its check and the CSV say of a machine: its leaf states in the order a believer
 * meets them, the covering paths the view tests run (P1…), and which paths take which transition.
 */
export const atlasModel = (entry: MachineEntry): AtlasModel => {
  const { initial, paths } = coveringPaths(entry);
  const leaves = leafNodes(entry);
  const depth = new Map<string, number>();
  const onPaths = new Map<string, Set<number>>();
  for (const [index, path] of paths.entries()) {
    const snapshots: AnyMachineSnapshot[] = [path.initial, ...path.steps.map((s) => s.state)];
    for (const [step, snapshot] of snapshots.entries())
      for (const leaf of leavesOf(entry, snapshot)) {
        depth.set(leaf, Math.min(depth.get(leaf) ?? Number.POSITIVE_INFINITY, step));
        onPaths.set(leaf, (onPaths.get(leaf) ?? new Set()).add(index));
      }
  }
  const documentOrder = (node: AnyStateNode) => leaves.indexOf(node);
  const states = leaves
    .map((node) => ({
      id: node.id,
      path: statePath(node),
      tags: [...node.tags],
      events: accepted(node),
      paths: [...(onPaths.get(node.id) ?? [])].sort((a, b) => a - b),
      depth: depth.get(node.id) ?? Number.POSITIVE_INFINITY,
      node,
    }))
    .sort((a, b) => a.depth - b.depth || documentOrder(a.node) - documentOrder(b.node))
    .map(({ node: _, ...state }) => state);
  const taken = paths.map((path) => reachOf(entry, path.initial, path).transitions);
  return {
    name: entry.name,
    surface: entry.surface,
    start: valueLabel(initial),
    states,
    paths: paths.map((path, index) => {
      const last = path.steps.at(-1)?.state ?? path.initial;
      return {
        id: pathId(index),
        description: path.description,
        steps: path.steps.map((s) => ({ event: eventLabel(s.event), value: valueLabel(s.state) })),
        expected: valueLabel(last),
        leaf: leavesOf(entry, last)[0] ?? '',
      };
    }),
    transitions: allTransitions(entry).map((t) => ({
      label: transitionLabel(t),
      paths: taken.flatMap((set, index) => (set.has(t) ? [index] : [])),
    })),
  };
};
