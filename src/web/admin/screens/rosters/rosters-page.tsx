import { isCalendarDate } from '@contract/ceremony';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ConsoleLink, useConsoleNavigate } from '../../shell/console-link';
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

/**
 * A ceremony day before the list's first (it lists the last ROSTER_RECENT_DAYS and what is to
 * come): its roster or tablets open by its date, judged as the server judges a day.
 */
function EarlierDay({ before }: { before: string }) {
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | undefined>();
  const navigate = useConsoleNavigate();
  const open = (to: 'rosters' | 'print') => {
    const typed = day.trim();
    if (!DAY.test(typed) || !isCalendarDate(typed)) {
      setError('请按 2026-01-31 的格式填写日期');
      return;
    }
    setError(undefined);
    navigate(`/${to}/ceremony/${typed}`);
  };
  return (
    <form
      aria-label="更早的佛事日"
      noValidate
      className="flex flex-wrap items-start gap-3 px-5 py-4"
      onSubmit={(event) => {
        event.preventDefault();
        open('rosters');
      }}
    >
      <TextField
        label={`${before} 以前的佛事日`}
        placeholder="2026-01-31"
        value={day}
        onChange={setDay}
        error={error}
        className="w-56"
      />
      <Button type="submit" tone="secondary" className="mt-8">
        查看名册
      </Button>
      <Button tone="secondary" className="mt-8" onPress={() => open('print')}>
        打印牌位
      </Button>
    </form>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 名册与牌位 (/rosters): the assemblies and the recent and coming ceremony days with their counts,
 * each to its roster or tablets; an earlier day by its date.
 */
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
                  hint={
                    a.count === null ? `${a.startDate} 起 · 已结束` : `${a.startDate} 起 · ${a.count} 份报名`
                  }
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
            <EarlierDay before={choices.data.ceremonyDaysFrom} />
          </section>
        </div>
      ) : null}
    </section>
  );
}
