import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '@machines/index';
import { routeFlows } from '@tests/support/statecharts/atlas/flow-map';
import { flowsIndex, toMarkdown, toSvg } from '@tests/support/statecharts/diagrams';
import { describe, expect, it } from 'vitest';

const flows = join(import.meta.dirname, '..', '..', 'docs', 'flows');
const committed = (file: string) => readFileSync(join(flows, file), 'utf8');
const hint = 'docs/flows differs from the machines: run `npm run diagrams` and commit the result';

describe('committed flow diagrams match the machines', () => {
  it('indexes every machine', () => {
    expect(committed('README.md'), hint).toBe(flowsIndex(machineRegistry, routeFlows()));
  });
  it.each(machineRegistry.map((e) => [e.name, e] as const))('%s', async (name, entry) => {
    expect(committed(`${name}.md`), hint).toBe(toMarkdown(entry));
    expect(committed(`${name}.svg`), hint).toBe(await toSvg(entry));
  });
});
