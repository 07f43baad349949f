import { type OrderSearch, orderSearchSchema } from '@contract/console';
import { useRouterState, useSearch } from '@tanstack/react-router';
import * as v from 'valibot';
import { type ConsoleHref, useConsoleNavigate } from '../../shell/console-link';

/** The search's defaults (newest first, page 1), over which a screen lays its own. */
const DEFAULTS = v.parse(orderSearchSchema, {});

/** The router parses `?q=138` as a number: every value is read back as the text it was. */
const textual = (search: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(search).map(([key, value]) => [key, String(value)]));

/** The query string of a search, without what equals the screen's defaults. */
export const searchString = (search: OrderSearch, base: OrderSearch = DEFAULTS): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (String(value) !== String(base[key as keyof OrderSearch])) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The order search kept in the URL (back, forward and reload keep it): what the address says,
 * over the screen's defaults; anything the contract refuses falls back to them. `change` moves to
 * the new search (a new filter or sort goes back to page 1).
 */
export const useOrderSearch = (base: Partial<OrderSearch> = {}) => {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const path = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useConsoleNavigate();
  const defaults: OrderSearch = { ...DEFAULTS, ...base };
  const parsed = v.safeParse(orderSearchSchema, { ...textual(defaults), ...textual(raw) });
  const search: OrderSearch = parsed.success ? parsed.output : defaults;
  const change = (patch: Partial<OrderSearch>) => {
    // The screen shown now (订单, 到寺付款) with the new search: the address of a console route.
    navigate(`${path}${searchString({ ...search, page: 1, ...patch }, defaults)}` as ConsoleHref);
  };
  return { search, change, invalid: !parsed.success };
};
