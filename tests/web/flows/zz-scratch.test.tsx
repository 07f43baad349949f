import { screen } from '@testing-library/react';
import { it, vi } from 'vitest';
import { settle } from '../../support/statecharts/run-on-view';
import { statueOrderView } from './statue-order.flow';
it('scratch', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const d = await statueOrderView();
  const before = { matches: (s: string) => s === 'editing', context: { position: null } } as never;
  const total = () => console.log(screen.getAllByText(/功德金/).map((e) => e.textContent));
  await d.exec({ type: 'xstate.snapshot.seats', snapshot: { context: { selected: '3_12' } } }, before);
  total();
  await settle(20);
  total();
  await d.exec({ type: 'form.edit' } as never, before);
  total();
  const t = document.body.textContent ?? '';
  console.log([...t.matchAll(/.{0,20}已选.{0,30}/g)].map((m) => m[0]));
  d.unmount();
});
