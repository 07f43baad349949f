import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe (WCAG 2 A and AA, contrast included) finds nothing on what the page shows now; `what` names
 * the screen in the failure, each violation with the elements it found. `exclude` leaves out what
 * is not part of the page (the console's React Aria live announcer).
 *
 * The rules and the nodes are axe's own either way; two settings make it quicker:
 * - a page of one frame runs axe.run in the page (the builder's "legacy mode"): the default
 *   runs axe.runPartial there and axe.finishRun in a blank page of its own, injecting axe twice
 *   and copying every node's result across. A page with frames keeps the default, which reaches
 *   frames of another origin too.
 * - `resultTypes: ['violations']`: the passes and the incomplete keep one node a rule (the
 *   violations all of theirs); a selector for each node that passed was most of the time spent.
 * 10 console screens: 47 s in the default, 15 s so; the same five planted faults found by both.
 */
export const expectNoAxeViolations = async (page: Page, what: string, exclude: string[] = []) => {
  // options() replaces what was set before it, so it comes first.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa']);
  for (const selector of exclude) builder.exclude(selector);
  if (page.frames().length === 1) builder.setLegacyMode();
  const { violations } = await builder.analyze();
  expect(
    violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
};
