import { HOE_TYPES } from '@contract/assembly';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { type ConsoleHref, ConsoleLink } from '../../shell/console-link';
import { rosterChoicesQuery, rosterCsvHref, rosterKindOf, rosterQuery } from './roster-queries';
import { RosterTable } from './roster-table';

/** Printed, the roster is an A4 landscape list: the console's frame is hidden (print:hidden). */
const PRINT_PAGE = '@page { size: A4 landscape; margin: 10mm; }';

/**
 * A roster (/rosters/assembly/<id>[?hoeType=往生] or /rosters/ceremony/<day>): every entry with its
 * names in a table; an assembly's narrowed to one of its own types; 导出CSV downloads it, 打印名册
 * prints it.
 */
export function RosterPage() {
  const params = useParams({ strict: false }) as { kind?: string; key?: string };
  const search = useSearch({ strict: false }) as { hoeType?: unknown };
  const kind = rosterKindOf(params.kind);
  const key = params.key ?? '';
  const hoeType =
    kind === 'assembly' && HOE_TYPES.includes(search.hoeType as never) ? String(search.hoeType) : '';
  const roster = useQuery({ ...rosterQuery(kind ?? 'assembly', key, hoeType), enabled: kind !== null });
  // The assembly's own types, whichever one the roster shows (the choices stay while it moves).
  const choices = useQuery({ ...rosterChoicesQuery, enabled: kind === 'assembly' });
  const ownTypes = choices.data?.assemblies.find((a) => String(a.id) === key)?.hoeTypes ?? [];
  if (!kind) return <Notice tone="error">未找到该名册</Notice>;
  const base: ConsoleHref = `/rosters/${kind}/${key}`;
  return (
    <section className="flex flex-col gap-5">
      <style>{PRINT_PAGE}</style>
      <div className="flex items-center gap-4 print:hidden">
        <ConsoleLink to="/rosters" className={buttonClass({ tone: 'quiet' })}>
          ← 名册与牌位
        </ConsoleLink>
      </div>
      <h1 className="text-2xl font-semibold print:text-xl">
        {roster.data ? roster.data.title : '名册'}
        {hoeType ? ` · ${hoeType}` : ''}
      </h1>
      {kind === 'assembly' && choices.data ? (
        <nav aria-label="按类型筛选" className="flex gap-2 print:hidden">
          {['', ...ownTypes].map((type) => (
            <ConsoleLink
              key={type || 'all'}
              to={type ? `${base}?hoeType=${encodeURIComponent(type)}` : base}
              aria-current={type === hoeType ? 'page' : undefined}
              className={buttonClass({ tone: type === hoeType ? 'primary' : 'secondary' })}
            >
              {type || '全部类型'}
            </ConsoleLink>
          ))}
        </nav>
      ) : null}
      <div className="flex gap-4 print:hidden">
        <a href={rosterCsvHref(kind, key, hoeType)} download className={buttonClass({ tone: 'secondary' })}>
          导出CSV
        </a>
        <Button tone="secondary" onPress={() => window.print()}>
          打印名册
        </Button>
        <ConsoleLink to={`/print/${kind}/${key}`} className={buttonClass({ tone: 'secondary' })}>
          打印牌位
        </ConsoleLink>
      </div>
      {roster.isPending ? <p role="status">正在读取名册…</p> : null}
      {roster.isError ? <Notice tone="error">名册未能读取：{roster.error.message}</Notice> : null}
      {roster.data ? <RosterTable entries={roster.data.entries} /> : null}
    </section>
  );
}
