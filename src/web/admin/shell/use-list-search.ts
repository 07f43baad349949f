import { useRouterState, useSearch } from '@tanstack/react-router';
import * as v from 'valibot';
import { type ConsoleHref, useConsoleNavigate } from './console-link';

type Search = Record<string, unknown>;

/** The router parses `?q=138` as a number: every value is read back as the text it was. */
const textual = (search: Search) =>
  Object.fromEntries(
    Object.entries(search)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

/** The query string of a search, without what equals the screen's defaults. */
const searchString = (search: Search, base: Search): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(textual(search))) {
    if (value !== String(base[key])) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * A console list's search kept in the URL (订单, 到寺付款, 操作记录: back, forward and reload keep
 * it): what the address says, over the contract's defaults and the screen's `base`; anything the
 * contract refuses falls back to them (`invalid`). `change` moves to the new search: a new filter
 * or sort starts from the list's start, a page's cursor (after, before) moves along it.
 */
export const useListSearch = <T extends Search>(
  schema: v.GenericSchema<Search, T>,
  base: Partial<T> = {},
) => {
  const raw = useSearch({ strict: false }) as Search;
  const path = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useConsoleNavigate();
  const defaults = { ...v.parse(schema, {}), ...base } as T;
  const parsed = v.safeParse(schema, { ...textual(defaults), ...textual(raw) });
  const search: T = parsed.success ? parsed.output : defaults;
  const change = (patch: Partial<T>) => {
    // The screen shown now with the new search: the address of a console route.
    const fromStart = { ...search, after: undefined, before: undefined };
    navigate(`${path}${searchString({ ...fromStart, ...patch }, defaults)}` as ConsoleHref);
  };
  return { search, change, invalid: !parsed.success };
};
