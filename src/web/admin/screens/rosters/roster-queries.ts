import { CONSOLE_API_PREFIX, consoleApi } from '@contract/console';
import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../api/console-client';

export type RosterKind = 'assembly' | 'ceremony';

/** The route's `kind` if it names a roster (an assembly's or a ceremony day's), else null. */
export const rosterKindOf = (kind: unknown): RosterKind | null =>
  kind === 'assembly' || kind === 'ceremony' ? kind : null;

/** The assemblies and ceremony days that have a roster, with their counts. */
export const rosterChoicesQuery = queryOptions({
  queryKey: ['console', 'rosters'],
  queryFn: () => consoleCall(consoleApi.rosterChoices),
});

/** An assembly's roster (one type of it with `hoeType`) or a ceremony day's. */
export const rosterQuery = (kind: RosterKind, key: string, hoeType = '') =>
  queryOptions({
    queryKey: ['console', 'roster', kind, key, hoeType],
    queryFn: () =>
      kind === 'assembly'
        ? consoleCall(consoleApi.assemblyRoster, { params: { id: key }, query: { hoeType } })
        : consoleCall(consoleApi.ceremonyRoster, { params: { day: key } }),
  });

/** The roster as a CSV file (the browser sends the console's cookie with the link). */
export const rosterCsvHref = (kind: RosterKind, key: string, hoeType = '') => {
  const path = `${CONSOLE_API_PREFIX}/rosters/${kind}/${encodeURIComponent(key)}.csv`;
  return kind === 'assembly' && hoeType ? `${path}?hoeType=${encodeURIComponent(hoeType)}` : path;
};
