import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { ConsoleLink } from '../../shell/console-link';
import { type RosterKind, rosterChoicesQuery } from './roster-queries';

const link = buttonClass({ tone: 'secondary' });

function Choice({ title, hint, path }: { title: string; hint: string; path: `${RosterKind}/${string}` }) {
  return (
    <li className="flex items-center gap-6 border-b border-paper-deep px-5 py-4">
      <div className="flex-1">
        <p className="text-lg font-semibold">{title}</p>
        <p className="text-ink-soft">{hint}</p>
      </div>
      <ConsoleLink to={`/rosters/${path}`} className={link} aria-label={`查看名册：${title}`}>
        查看名册
      </ConsoleLink>
      <ConsoleLink to={`/print/${path}`} className={link} aria-label={`打印牌位：${title}`}>
        打印牌位
      </ConsoleLink>
    </li>
  );
}

/** 名册与牌位 (/rosters): the assemblies and ceremony days with their counts, each to its roster or tablets. */
export function RostersPage() {
  const choices = useQuery(rosterChoicesQuery);
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">名册与牌位</h1>
      {choices.isPending ? <p role="status">正在读取名册…</p> : null}
      {choices.isError ? <Notice tone="error">名册未能读取：{choices.error.message}</Notice> : null}
      {choices.data ? (
        <div className="grid grid-cols-2 gap-6">
          <section aria-labelledby="rosters-assemblies" className="rounded-md bg-white">
            <h2
              id="rosters-assemblies"
              className="border-b-2 border-temple/40 px-5 py-3 text-xl font-semibold"
            >
              法会
            </h2>
            {choices.data.assemblies.length === 0 ? <p className="px-5 py-4">暂无法会报名</p> : null}
            <ul>
              {choices.data.assemblies.map((a) => (
                <Choice
                  key={a.id}
                  title={a.name}
                  hint={`${a.startDate} 起 · ${a.count} 份报名`}
                  path={`assembly/${a.id}`}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="rosters-ceremonies" className="rounded-md bg-white">
            <h2
              id="rosters-ceremonies"
              className="border-b-2 border-temple/40 px-5 py-3 text-xl font-semibold"
            >
              佛事（按日）
            </h2>
            {choices.data.ceremonyDays.length === 0 ? <p className="px-5 py-4">暂无佛事预约</p> : null}
            <ul>
              {choices.data.ceremonyDays.map((d) => (
                <Choice
                  key={d.day}
                  title={`${d.day} 佛事`}
                  hint={`${d.count} 份预约`}
                  path={`ceremony/${d.day}`}
                />
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </section>
  );
}
