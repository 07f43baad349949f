import { ASSEMBLY_MESSAGES, HOE_TYPES } from '@contract/assembly';
import { CEREMONY_MESSAGES, isCalendarDate } from '@contract/ceremony';
import { CONSOLE_API_PREFIX, CONSOLE_MESSAGES, consoleApi, type Roster } from '@contract/console';
import { wholeNumberParam } from '@contract/wire';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { ok, parseWith, query } from '../../http';
import { audit } from '../../services/staff/audit';
import { attachment, rosterCsv } from '../../services/staff/roster-csv';
import { createRosterService } from '../../services/staff/rosters';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const idParam = wholeNumberParam(CONSOLE_MESSAGES.notFound);
const dayParam = v.pipe(
  v.string(CEREMONY_MESSAGES.date),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, CEREMONY_MESSAGES.date),
  v.check(isCalendarDate, CEREMONY_MESSAGES.date),
);
const assemblyQuery = v.object({
  hoeType: v.optional(v.picklist(HOE_TYPES, ASSEMBLY_MESSAGES.unknownHoeType)),
});

/** `12` or `12.csv`: the roster's key, and whether the CSV file is asked for. */
const target = (c: Context, name: string) => {
  const raw = c.req.param(name) ?? '';
  const csv = raw.endsWith('.csv');
  return { key: csv ? raw.slice(0, -'.csv'.length) : raw, csv };
};

/**
 * Rosters (客堂, printRosters): the choices, an assembly's (or one of its types') and a ceremony
 * day's, as JSON for the screen and the tablet print sheet, or as a CSV file (`….csv`), whose
 * every download is audited.
 */
export const rosterRoutes = ({ db, clock }: ConsoleDeps) => {
  const rosters = createRosterService(db);
  const answer = async (c: Context<AppEnv>, roster: Roster, csv: boolean, subject: string, file: string) => {
    if (!csv) return ok(c, roster);
    await audit(
      db,
      c.get('staff'),
      'roster.exported',
      subject,
      { after: { rows: roster.entries.length } },
      clock.now(),
    );
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', attachment(`roster-${file}.csv`, `${roster.title}名册.csv`));
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(rosterCsv(roster));
  };
  return new Hono<AppEnv>()
    .use(consoleApi.rosterChoices.path, allow('printRosters'))
    .use(`${CONSOLE_API_PREFIX}/rosters/*`, allow('printRosters'))
    .get(consoleApi.rosterChoices.path, async (c) => ok(c, await rosters.choices(clock.now())))
    .get(consoleApi.assemblyRoster.path, async (c) => {
      const { key, csv } = target(c, 'id');
      const id = parseWith(idParam, key);
      const { hoeType } = query(c, assemblyQuery);
      const roster = await rosters.assembly(id, hoeType, clock.now());
      const subject = hoeType ? `assembly:${id}:${hoeType}` : `assembly:${id}`;
      return answer(c, roster, csv, subject, `assembly-${id}`);
    })
    .get(consoleApi.ceremonyRoster.path, async (c) => {
      const { key, csv } = target(c, 'day');
      const day = parseWith(dayParam, key);
      return answer(c, await rosters.ceremony(day, clock.now()), csv, `ceremony:${day}`, `ceremony-${day}`);
    });
};
