import { screen } from '@testing-library/react';
import { DIALOGS_UNAVAILABLE } from '@web/features/ceremony/use-ceremony-dialogs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CEREMONY_DATE } from '../support/statecharts/fixtures/ceremony-booking';
import { settle } from '../support/statecharts/run-on-view';
import { ceremonyBookingView, SLOT, submitButton } from './flows/ceremony-booking.flow';

// The dialogs' chunk does not download (offline, or a deploy renamed it): reading it fails.
vi.mock('@web/features/ceremony/ceremony-dialogs', () => ({
  get CeremonyDialogs() {
    throw new Error('the chunk did not download');
  },
}));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => vi.useRealTimers());

it('the order dialogs cannot download: 提交 says so, takes the hint back and keeps what was chosen', async () => {
  const view = await ceremonyBookingView(undefined);
  try {
    const form = { tabletType: '往生莲位', tier: '一堂', date: CEREMONY_DATE, time: SLOT };
    await view.exec({ type: 'order.submit', form, mobile: '13812345678', key: 'k' }, undefined as never);
    await settle(10);
    expect(await screen.findByText(DIALOGS_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Back on the form, 提交 works again, and the choices and the time are still there.
    expect(submitButton()).toBeEnabled();
    expect(screen.getByRole('radio', { name: /^一堂/ })).toBeChecked();
    expect(screen.getByText(new RegExp(`已选：${CEREMONY_DATE} ${SLOT}`))).toBeInTheDocument();
  } finally {
    view.unmount();
  }
});
