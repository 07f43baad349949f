import { machineRegistry } from '@machines/index';
import { modelPaths } from '@tests/support/statecharts/graph';
import { runOnView, type ViewAdapter } from '@tests/support/statecharts/run-on-view';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assemblyOrderView } from './assembly-order.flow';
import { authDialogView } from './auth-dialog.flow';
import { ceremonyBookingView } from './ceremony-booking.flow';
import { memorialEntryView } from './memorial-entry.flow';
import { meritOrderView } from './merit-order.flow';
import { paymentView } from './payment.flow';
import { seatSelectionView } from './seat-selection.flow';
import { smsCountdownView } from './sms-countdown.flow';
import { statueOrderView } from './statue-order.flow';
import { tabletBookingView } from './tablet-booking.flow';

/** Every machine the SPA shows has a view adapter; the order lifecycle lives on the server. */
const adapters: Record<string, ViewAdapter> = {
  'sms-countdown': smsCountdownView,
  'auth-dialog': authDialogView,
  payment: paymentView,
  'merit-order': meritOrderView,
  'memorial-entry': memorialEntryView,
  'assembly-order': assemblyOrderView,
  'ceremony-booking': ceremonyBookingView,
  'seat-selection': seatSelectionView,
  'statue-order': statueOrderView,
  'tablet-booking': tabletBookingView,
};

it('every machine with a view has a view adapter', () => {
  const viewMachines = machineRegistry.filter((e) => e.surface === 'view').map((e) => e.name);
  expect(Object.keys(adapters).sort()).toEqual(viewMachines.sort());
});

describe.each(machineRegistry.filter((e) => adapters[e.name]).map((e) => [e.name, e] as const))(
  '%s: each generated path on the rendered view',
  (name, entry) => {
    const { initial, paths } = modelPaths(entry);
    beforeEach(() =>
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
    );
    afterEach(() => vi.useRealTimers());
    // A path is a whole believer's session in jsdom (the calendar's page takes seconds on a busy
    // machine): the limit guards against a hang, not against slowness (timings are benchmarks').
    it.each(paths.map((path) => [path.description, path] as const))(
      '%s',
      async (_, path) => {
        await runOnView(adapters[name] as ViewAdapter, initial, path);
      },
      60_000,
    );
  },
);
