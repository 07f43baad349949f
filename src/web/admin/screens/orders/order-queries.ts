import { consoleApi, type OrderSearch } from '@contract/console';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../api/console-client';

/** One page of the order search; the page shown stays while the next one loads. */
export const ordersQuery = (search: OrderSearch) =>
  queryOptions({
    queryKey: ['console', 'orders', search],
    queryFn: () => consoleCall(consoleApi.orders, { query: search, quiet: true }),
    placeholderData: keepPreviousData,
  });

/** An order's page: lines, entries, places, payments, history. */
export const orderQuery = (no: string) =>
  queryOptions({
    queryKey: ['console', 'order', no],
    queryFn: () => consoleCall(consoleApi.order, { params: { no }, quiet: true }),
  });

/** Every read an order change touches: its page, the searches, Today. */
export const isOrderRead = (key: readonly unknown[]) =>
  key[0] === 'console' && ['order', 'orders', 'today'].includes(String(key[1]));
