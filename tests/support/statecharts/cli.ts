import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findMachine, machineRegistry } from '@machines/index';
import { routeFlows } from './atlas/flow-map';
import { pathsCsv } from './atlas/paths-csv';
import { flowsIndex, toMarkdown, toSvg } from './diagrams';
import { coveringPaths, modelPaths } from './graph';

/**
 * `npm run diagrams` writes docs/flows; `npm run paths -- <machine>` prints a machine's generated
 * paths, and `npm run paths -- <machine> --format csv` its covering paths as CSV (QA's tools).
 */
const [command, ...rest] = process.argv.slice(2);
const format = rest.includes('--format') ? rest[rest.indexOf('--format') + 1] : 'text';
const name = rest.find((arg, i) => !arg.startsWith('-') && rest[i - 1] !== '--format');
const flowsDir = join(import.meta.dirname, '..', '..', '..', 'docs', 'flows');

if (command === 'diagrams') {
  mkdirSync(flowsDir, { recursive: true });
  for (const entry of machineRegistry) {
    writeFileSync(join(flowsDir, `${entry.name}.svg`), await toSvg(entry));
    writeFileSync(join(flowsDir, `${entry.name}.md`), toMarkdown(entry));
  }
  writeFileSync(join(flowsDir, 'README.md'), flowsIndex(machineRegistry, routeFlows()));
  console.log(`docs/flows: ${machineRegistry.length} machines`);
} else if (command === 'paths') {
  const entries = name ? [findMachine(name)] : machineRegistry;
  if (entries.some((e) => !e)) {
    console.error(`没有名为 ${name} 的状态机。可选：${machineRegistry.map((e) => e.name).join(', ')}`);
    process.exit(1);
  }
  if (format !== 'text' && format !== 'csv') {
    console.error(`--format 只能是 text 或 csv，不是 ${format}`);
    process.exit(1);
  }
  // The CSV is written and the process ends by itself (an exit could cut a piped write short).
  if (format === 'csv') process.stdout.write(pathsCsv(entries.filter((e) => e !== undefined)));
  else
    for (const entry of entries) {
      if (!entry) continue;
      const { paths, coverage } = modelPaths(entry);
      const cover = coveringPaths(entry).paths.length;
      console.log(`\n${entry.name}: ${paths.length} paths (the rendered view walks a covering ${cover})`);
      for (const [i, path] of paths.entries())
        console.log(`  ${String(i + 1).padStart(3)}. ${path.description}`);
      const { states, transitions } = coverage;
      console.log(
        `  states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}`,
      );
      for (const missing of [...states.missing, ...transitions.missing])
        console.log(`  not covered: ${missing}`);
    }
} else {
  console.error('usage: cli.ts diagrams | paths [machine] [--format text|csv]');
  process.exit(1);
}
