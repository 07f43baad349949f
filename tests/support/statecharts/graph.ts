import type { MachineEntry } from '@machines/index';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getAdjacencyMap, getStateNodes } from 'xstate/graph';
import { nameOf } from './chart';
import { modelEvents } from './fixtures';

export interface PathStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  /** 'idle → code.send → sending → …' */
  description: string;
  steps: PathStep[];
  /** The input the path starts from (the registry's, or one of its `starts`) and the first snapshot. */
  input: unknown;
  initial: AnyMachineSnapshot;
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

/** A graph state: the state value and the few context facts the registry names; never the whole context. */
export const stateKey = (entry: MachineEntry, snapshot: AnyMachineSnapshot): string =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, ...entry.facts?.(snapshot) });

export const eventLabel = (event: AnyEventObject) => {
  const { type, ...payload } = event;
  const short = type.replace(/^xstate\.(after|done\.actor|error\.actor)\.([^.]+).*$/, '$1:$2');
  // The key is fresh each time, and the device of 提交 only passes through a flow to its payment
  // (whose own variants are its views': payment.paths): neither tells two steps apart.
  const variant = Object.entries(payload)
    .filter(([key]) => key !== 'key' && key !== 'device')
    .map(([key, value]) => {
      if (value instanceof Error) return `${key}=${value.message}`;
      if (key === 'form' && value && typeof value === 'object')
        // Only what was filled in: the form's empty fields say nothing.
        return `form=${JSON.stringify(Object.fromEntries(Object.entries(value).filter(([, v]) => v !== '' && v !== null)))}`;
      return `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join(',');
  return variant ? `${short}(${variant})` : short;
};

export const valueLabel = (snapshot: AnyMachineSnapshot) =>
  typeof snapshot.value === 'string'
    ? snapshot.value
    : JSON.stringify(snapshot.value).replace(/["{}]/g, '').replace(/:/g, '.');

/** The transition definitions an event takes from a snapshot (none: the event is not accepted there). */
const takenTransitions = (entry: MachineEntry, snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  snapshot.status === 'active' ? entry.machine.getTransitionData(snapshot, event) : [];

export const allTransitions = (entry: MachineEntry): AnyTransitionDefinition[] =>
  getStateNodes(entry.machine.root).flatMap((node: AnyStateNode) => [...node.transitions.values()].flat());

export const transitionLabel = (t: AnyTransitionDefinition) =>
  `${t.source.id} --${t.eventType}${t.guard ? `[${nameOf(t.guard) ?? 'guard'}]` : ''}--> ${
    t.target?.map((n) => n.id).join(',') ?? '(self)'
  }`;

const stateValueOf = (node: AnyStateNode): string | Record<string, unknown> =>
  node.path.reduceRight<string | Record<string, unknown>>(
    (inner, key) => (inner === '' ? key : { [key]: inner }),
    '',
  );

/**
 * Paths that take every transition: for each reachable (state, event) edge the machine accepts,
 * the shortest path to the edge's source plus that event. Scales where simple paths explode and
 * shortest paths alone would miss transitions.
 */
export const modelPaths = (
  entry: MachineEntry,
): { initial: AnyMachineSnapshot; paths: ModelPath[]; coverage: Coverage } => {
  const { initial, paths } = walk(entry);
  return { initial, paths: paths.map(withoutReach), coverage: coverageOf(entry, paths) };
};

/**
 * The fewest of the model's paths (greedily) that still reach every state, take every transition
 * and send every event variant (each gesture and fake answer of the fixtures) at least once: what
 * the rendered view walks, so that its cost grows with the transitions, not with the paths (DESIGN
 * section 3). Each pick is the path adding the most not yet covered, the shorter on a tie; the
 * machine itself still runs every path.
 */
export const coveringPaths = (
  entry: MachineEntry,
): { initial: AnyMachineSnapshot; paths: ModelPath[]; coverage: Coverage } => {
  const { initial, paths } = walk(entry);
  const states = new Set<string>();
  const transitions = new Set<AnyTransitionDefinition>();
  const variants = new Set<string>();
  const gain = (path: CoveredPath) =>
    [...path.states].filter((s) => !states.has(s)).length +
    [...path.transitions].filter((t) => !transitions.has(t)).length +
    [...path.variants].filter((v) => !variants.has(v)).length;
  const chosen: CoveredPath[] = [];
  for (;;) {
    let best: CoveredPath | undefined;
    let bestGain = 0;
    for (const path of paths) {
      const g = gain(path);
      if (g > bestGain || (g > 0 && g === bestGain && best && path.steps.length < best.steps.length)) {
        best = path;
        bestGain = g;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const s of best.states) states.add(s);
    for (const t of best.transitions) transitions.add(t);
    for (const v of best.variants) variants.add(v);
  }
  return { initial, paths: chosen.map(withoutReach), coverage: coverageOf(entry, chosen) };
};

/**
 * The model's distinct paths from the registry's input and from each of its other `starts` (the
 * payment on a phone in WeChat…), each with what it reaches; `initial` is the registry input's.
 */
const walk = (entry: MachineEntry): { initial: AnyMachineSnapshot; paths: CoveredPath[] } => {
  const starts = [{ label: '', input: entry.input }, ...(entry.starts ?? [])];
  const walks = starts.map((start) => walkFrom(entry, start));
  return { initial: walks[0]?.initial as AnyMachineSnapshot, paths: walks.flatMap((w) => w.paths) };
};

const walkFrom = (
  entry: MachineEntry,
  start: { label: string; input: unknown },
): { initial: AnyMachineSnapshot; paths: CoveredPath[] } => {
  const adjacency = getAdjacencyMap(entry.machine, {
    events: modelEvents[entry.name],
    input: start.input,
    // Variants that differ only in an error's message (JSON drops it) are distinct edges.
    serializeEvent: (event: AnyEventObject) => eventLabel(event),
    serializeState: (snapshot: unknown) => stateKey(entry, snapshot as AnyMachineSnapshot),
  } as never) as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, PathStep> }>;

  const [initialKey] = Object.keys(adjacency);
  if (!initialKey) throw new Error(`${entry.name}: empty graph`);
  const shortest = new Map<string, PathStep[]>([[initialKey, []]]);
  const queue = [initialKey];
  while (queue.length > 0) {
    const key = queue.shift() as string;
    const node = adjacency[key];
    if (!node) continue;
    for (const step of Object.values(node.transitions)) {
      if (takenTransitions(entry, node.state, step.event).length === 0) continue;
      const next = stateKey(entry, step.state);
      if (!shortest.has(next)) {
        shortest.set(next, [...(shortest.get(key) ?? []), step]);
        queue.push(next);
      }
    }
  }

  const initialState = adjacency[initialKey]?.state as AnyMachineSnapshot;
  const paths: CoveredPath[] = [];
  for (const [key, prefix] of shortest) {
    const node = adjacency[key];
    if (!node) continue;
    for (const step of Object.values(node.transitions)) {
      if (takenTransitions(entry, node.state, step.event).length === 0) continue;
      const steps = [...prefix, step];
      paths.push({
        description: [
          `${start.label ? `[${start.label}] ` : ''}${valueLabel(initialState)}`,
          ...steps.map((s) => `${eventLabel(s.event)} → ${valueLabel(s.state)}`),
        ].join(' | '),
        steps,
        input: start.input,
        initial: initialState,
        ...reached(entry, initialState, steps),
      });
    }
  }
  // A path that is the start of a longer one adds nothing: keep the longer.
  const distinct = paths.filter(
    (path) =>
      !paths.some((other) => other !== path && other.description.startsWith(`${path.description} | `)),
  );
  return { initial: initialState, paths: distinct };
};

/** A path with the state nodes it reaches and the transition definitions it takes. */
interface CoveredPath extends ModelPath {
  states: Set<string>;
  transitions: Set<AnyTransitionDefinition>;
  /** The events it sends, each variant by its label (every fake answer and gesture the model has). */
  variants: Set<string>;
}

/** The leaf state nodes (atomic and final) a snapshot is in: the atlas's screens. */
export const leavesOf = (entry: MachineEntry, snapshot: AnyMachineSnapshot): string[] =>
  getStateNodes(entry.machine.root)
    .filter((node: AnyStateNode) => node.type === 'atomic' || node.type === 'final')
    .filter((node: AnyStateNode) => snapshot.matches(stateValueOf(node) as never))
    .map((node: AnyStateNode) => node.id);

/** The state nodes a path reaches and the transitions it takes (the atlas's coverage tables). */
export const reachOf = (entry: MachineEntry, initial: AnyMachineSnapshot, path: ModelPath) =>
  reached(entry, initial, path.steps);

const withoutReach = ({ description, steps, input, initial }: CoveredPath): ModelPath => ({
  description,
  steps,
  input,
  initial,
});

const reached = (entry: MachineEntry, initial: AnyMachineSnapshot, steps: PathStep[]) => {
  const nodes = getStateNodes(entry.machine.root);
  const states = new Set<string>();
  const transitions = new Set<AnyTransitionDefinition>();
  let before = initial;
  for (const snapshot of [initial, ...steps.map((s) => s.state)]) {
    for (const node of nodes) if (snapshot.matches(stateValueOf(node) as never)) states.add(node.id);
  }
  for (const step of steps) {
    for (const t of takenTransitions(entry, before, step.event)) transitions.add(t);
    before = step.state;
  }
  return { states, transitions, variants: new Set(steps.map((s) => eventLabel(s.event))) };
};

const coverageOf = (entry: MachineEntry, paths: CoveredPath[]): Coverage => {
  const visitedNodes = new Set(paths.flatMap((p) => [...p.states]));
  const takenDefinitions = new Set(paths.flatMap((p) => [...p.transitions]));
  const stateIds = getStateNodes(entry.machine.root).map((n: AnyStateNode) => n.id);
  const transitions = allTransitions(entry);
  return {
    states: {
      covered: stateIds.filter((id) => visitedNodes.has(id)).length,
      total: stateIds.length,
      missing: stateIds.filter((id) => !visitedNodes.has(id)),
    },
    transitions: {
      covered: transitions.filter((t) => takenDefinitions.has(t)).length,
      total: transitions.length,
      missing: transitions.filter((t) => !takenDefinitions.has(t)).map(transitionLabel),
    },
  };
};
