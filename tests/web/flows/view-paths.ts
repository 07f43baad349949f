import { findMachine } from '@machines/index';
import { type AtlasColumn, atlasCaptureDir, atlasRecorder } from '@tests/support/statecharts/atlas/recorder';
import { coveringPaths } from '@tests/support/statecharts/graph';
import { runOnView, type ViewAdapter } from '@tests/support/statecharts/run-on-view';
import { afterAll, afterEach, beforeEach, describe, it, vi } from 'vitest';

/**
 * The covering set of a registered machine's generated paths (every state, transition and event
 * variant; all paths run on the machine), run on the rendered view through its adapter: the
 * desktop's, and for a believer's machine the phone's too (`column: 'phone'`, the adapter under
 * `onAPhone`). One test file per machine (paths/<machine>.paths.test.tsx), so the machines' paths
 * run side by side. Run by `npm run atlas` (ATLAS_CAPTURE_DIR set), the same paths also record
 * each state's page for the atlas's column; a `variant` (another order on the same view) records nothing.
 */
export const describeViewPaths = (
  name: string,
  adapter: ViewAdapter,
  { column = 'desktop', variant }: { column?: AtlasColumn; variant?: string } = {},
) => {
  const entry = findMachine(name);
  if (!entry) throw new Error(`no machine named ${name} in machines/index.ts`);
  describe(`${name}: the covering paths on the rendered ${column} view${variant ? ` (${variant})` : ''}`, () => {
    const { paths } = coveringPaths(entry);
    const captureDir = variant ? undefined : atlasCaptureDir();
    const recorder = captureDir ? atlasRecorder(entry, captureDir, column) : undefined;
    afterAll(() => recorder?.write());
    beforeEach(() =>
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
    );
    // Each path is a session of its own (web-setup.ts also empties the page and the toasts).
    afterEach(() => vi.useRealTimers());
    // A path is a whole believer's session in jsdom (the calendar's page takes seconds on a busy
    // machine): the limit guards against a hang, not against slowness (timings are benchmarks').
    it.each(paths.map((path, index) => [path.description, path, index] as const))(
      '%s',
      async (_, path, index) => {
        await runOnView(adapter, path, recorder?.observer(index));
      },
      60_000,
    );
  });
};
