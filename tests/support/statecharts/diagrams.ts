import type { MachineEntry } from '@machines/index';
import { instance } from '@viz-js/viz';
import type { AnyStateNode } from 'xstate';
import type { RouteFlows } from './atlas/flow-map';
import { chartEdges, chartNodes, edgeLabel, initialLeaf, isCompound, nodeLabel } from './chart';

const dotId = (node: AnyStateNode) => `"${node.id}"`;
const clusterId = (node: AnyStateNode) => `"cluster_${node.id}"`;
const quote = (text: string) => `"${text.replace(/"/g, '\\"')}"`;

/** The atlas's anchors: a node's place in the diagram and its screen's section. */
export const nodeAnchor = (node: AnyStateNode) => `node-${node.path.join('.')}`;
export const screenAnchor = (node: AnyStateNode) => `state-${node.path.join('.')}`;

/**
 * Graphviz DOT: compound states as clusters, final states doubled, the start as a dot. With
 * `links` (the atlas), each state carries its anchor and links to its screen (a cluster to its
 * first state's).
 */
export const toDot = (entry: MachineEntry, { links = false } = {}): string => {
  const link = (node: AnyStateNode) =>
    links ? `id=${quote(nodeAnchor(node))}, href=${quote(`#${screenAnchor(initialLeaf(node))}`)}, ` : '';
  const lines = [
    `digraph ${quote(entry.name)} {`,
    '  rankdir=LR; compound=true; pad=0.4; nodesep=0.6; ranksep=0.7; fontname="Noto Sans CJK SC"; bgcolor="#faf6ee";',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#8c2a1c", fontname="Noto Sans CJK SC", fontsize=12];',
    '  edge [color="#5a4d45", fontname="Noto Sans CJK SC", fontsize=10];',
    '  start [shape=point, width=0.15, color="#2b2320", fillcolor="#2b2320"];',
  ];
  const draw = (node: AnyStateNode, indent: string) => {
    if (isCompound(node)) {
      lines.push(
        `${indent}subgraph ${clusterId(node)} {`,
        `${indent}  ${link(node).replace(/, /g, '; ')}label=${quote(nodeLabel(node))}; style="rounded"; color="#b8893b";`,
      );
      for (const child of Object.values(node.states) as AnyStateNode[]) draw(child, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      const tags = node.tags.length ? `\\n(${node.tags.join(', ')})` : '';
      const shape = node.type === 'final' ? ', peripheries=2' : '';
      lines.push(
        `${indent}${dotId(node)} [${link(node)}label=${quote(`${nodeLabel(node)}${tags}`)}${shape}];`,
      );
    }
  };
  for (const child of Object.values(entry.machine.root.states) as AnyStateNode[]) draw(child, '  ');
  lines.push(`  start -> ${dotId(initialLeaf(entry.machine.root))};`);
  for (const edge of chartEdges(entry)) {
    const from = initialLeaf(edge.source);
    const to = initialLeaf(edge.target);
    const attrs = [`label=${quote(edgeLabel(edge))}`];
    if (isCompound(edge.source)) attrs.push(`ltail=${clusterId(edge.source)}`);
    if (isCompound(edge.target) && edge.target !== edge.source) attrs.push(`lhead=${clusterId(edge.target)}`);
    lines.push(`  ${dotId(from)} -> ${dotId(to)} [${attrs.join(', ')}];`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
};

export const toSvg = async (entry: MachineEntry, options: { links?: boolean } = {}): Promise<string> =>
  (await instance()).renderString(toDot(entry, options), { format: 'svg' });

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');

/** Mermaid stateDiagram-v2 text, then tables of states and events for designers. */
export const toMarkdown = (entry: MachineEntry): string => {
  const chart: string[] = ['stateDiagram-v2'];
  const declare = (node: AnyStateNode, indent: string) => {
    if (isCompound(node)) {
      chart.push(`${indent}state "${nodeLabel(node)}" as ${mermaidId(node)} {`);
      const first = initialLeaf(node);
      const direct =
        (Object.values(node.states) as AnyStateNode[]).find((c) => first.id.startsWith(c.id)) ?? first;
      chart.push(`${indent}  [*] --> ${mermaidId(direct)}`);
      for (const child of Object.values(node.states) as AnyStateNode[]) declare(child, `${indent}  `);
      chart.push(`${indent}}`);
    } else {
      chart.push(`${indent}state "${nodeLabel(node)}" as ${mermaidId(node)}`);
      if (node.type === 'final') chart.push(`${indent}${mermaidId(node)} --> [*]`);
    }
  };
  const rootStates = Object.values(entry.machine.root.states) as AnyStateNode[];
  for (const child of rootStates) declare(child, '  ');
  const start = rootStates.find((c) => initialLeaf(entry.machine.root).id.startsWith(c.id));
  if (start) chart.push(`  [*] --> ${mermaidId(start)}`);
  const edges = chartEdges(entry);
  for (const edge of edges)
    chart.push(`  ${mermaidId(edge.source)} --> ${mermaidId(edge.target)}: ${edgeLabel(edge)}`);

  const stateRows = chartNodes(entry).map((node) => {
    const invokes = node.invoke
      .map((i: { src: unknown; id: string }) => (typeof i.src === 'string' ? i.src : i.id))
      .join(', ');
    const entryActions = node.entry
      .map((a: unknown) => (typeof a === 'string' ? a : ((a as { type?: string }).type ?? '')))
      .filter((a: string) => a && !a.startsWith('xstate.'))
      .join(', ');
    return `| ${node.path.join('.')} | ${node.type} | ${node.tags.join(', ')} | ${entryActions} | ${invokes} |`;
  });
  const eventRows = edges.map(
    (edge) =>
      `| ${edge.event} | ${edge.source.path.join('.') || '(root)'} | ${edge.target.path.join('.') || '(root)'} | ${edge.guard ?? ''} | ${edge.actions.join(', ')} |`,
  );
  return [
    `# ${entry.name}`,
    '',
    `Generated from \`machines/${entry.name}.machine.ts\` by \`npm run diagrams\`; do not edit. Picture: [${entry.name}.svg](${entry.name}.svg).`,
    '',
    '```mermaid',
    ...chart,
    '```',
    '',
    '## States',
    '',
    '| state | kind | tags | on entry | invokes |',
    '| --- | --- | --- | --- | --- |',
    ...stateRows,
    '',
    '## Events',
    '',
    '| event | from | to | guard | actions |',
    '| --- | --- | --- | --- | --- |',
    ...eventRows,
    '',
  ].join('\n');
};

export const flowsIndex = (entries: MachineEntry[], routes: RouteFlows[]): string => {
  const seen = (entry: MachineEntry) => {
    if (entry.surface === 'server') return 'the server';
    const on = routes.filter((r) => r.machines.includes(entry.name)).map((r) => `\`${r.route}\``);
    return on.length ? on.join(', ') : 'the site';
  };
  return [
    '# Flow diagrams',
    '',
    'Every statechart of the site, generated by `npm run diagrams` from `machines/index.ts`. Each machine has a',
    'picture (SVG, Graphviz) and a page with its Mermaid chart and its tables of states and events. A test fails',
    'when these files differ from the machines, so they are always current. The events that drive each machine in',
    'the generated paths (every payload variant its guards tell apart) are typed fixtures in',
    '`tests/support/statecharts/fixtures/<machine>.ts`; `npm run paths -- <machine>` lists the paths.',
    '',
    'The [flow atlas](atlas/index.html) (`npm run atlas`) shows each state beside the screen a believer sees in',
    'it, and maps every route to the machines it runs and their files.',
    '',
    '| machine | where it is seen | atlas | picture | chart and tables |',
    '| --- | --- | --- | --- | --- |',
    ...entries.map(
      (e) =>
        `| ${e.name} | ${seen(e)} | [${e.name}.html](atlas/${e.name}.html) | [${e.name}.svg](${e.name}.svg) | [${e.name}.md](${e.name}.md) |`,
    ),
    '',
  ].join('\n');
};
