import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Notice } from '../../../components/ui/notice';
import { Pager } from '../../../components/ui/pager';
import { ConsoleLink } from '../../shell/console-link';
import { rosterKindOf, rosterQuery } from './roster-queries';
import { TabletCard } from './tablet-card';
import { sheetsOf, tabletsOf } from './tablet-layout';

/**
 * Printed: A4 portrait sheets of four tablets, one sheet a page and nothing else (the console's
 * frame, toasts and live regions are hidden in print: console-shell, toast-region, admin.css).
 */
const PRINT_PAGE = '@page { size: A4 portrait; margin: 10mm; }';

/**
 * 牌位打印 (/print/assembly/<id> or /print/ceremony/<day>): the roster's tablets on A4 sheets. On
 * screen one sheet at a time (上一页 / 下一页); 打印全部 prints every sheet. Paid entries only,
 * unless 包括未付款 is ticked (those marked 未付款 on screen, never on paper).
 */
export function TabletSheetsPage() {
  const params = useParams({ strict: false }) as { kind?: string; key?: string };
  const kind = rosterKindOf(params.kind);
  const key = params.key ?? '';
  const roster = useQuery({ ...rosterQuery(kind ?? 'assembly', key), enabled: kind !== null });
  const [includeUnpaid, setIncludeUnpaid] = useState(false);
  const [page, setPage] = useState(0);
  if (!kind) return <Notice tone="error">未找到该名册</Notice>;
  const sheets = roster.data
    ? sheetsOf(tabletsOf(roster.data.entries, includeUnpaid, roster.data.tabletPhrases))
    : [];
  const current = Math.min(page, Math.max(sheets.length - 1, 0));
  return (
    <section className="flex flex-col gap-5 print:block">
      <style>{PRINT_PAGE}</style>
      <div className="flex flex-wrap items-center gap-4 print:hidden">
        <ConsoleLink to={`/rosters/${kind}/${key}`} className={buttonClass({ tone: 'quiet' })}>
          ← 名册
        </ConsoleLink>
        <h1 className="text-2xl font-semibold">牌位打印{roster.data ? ` · ${roster.data.title}` : ''}</h1>
      </div>
      {roster.isPending ? <p role="status">正在读取牌位…</p> : null}
      {roster.isError ? <Notice tone="error">牌位未能读取：{roster.error.message}</Notice> : null}
      {roster.data ? (
        <>
          <div className="flex flex-wrap items-center gap-4 print:hidden">
            <Checkbox
              isSelected={includeUnpaid}
              onChange={(on) => {
                setIncludeUnpaid(on);
                setPage(0);
              }}
            >
              包括未付款
            </Checkbox>
            <Pager
              page={current + 1}
              pages={Math.max(sheets.length, 1)}
              onPage={(next) => setPage(next - 1)}
              label="牌位翻页"
              status={`第 ${sheets.length ? current + 1 : 0} / ${sheets.length} 张`}
            />
            <Button isDisabled={sheets.length === 0} onPress={() => window.print()}>
              打印全部
            </Button>
          </div>
          {sheets.length === 0 ? <p className="text-lg">没有可打印的牌位</p> : null}
          {sheets.map((sheet, index) => (
            <section
              // biome-ignore lint/suspicious/noArrayIndexKey: sheets are positions of the print
              key={index}
              aria-label={`第${index + 1}张`}
              // A page break between sheets, none after the last: no blank page at the end.
              className={`${index === current ? 'grid' : 'hidden print:grid'} ${index > 0 ? 'print:break-before-page' : ''} w-[190mm] grid-cols-4 gap-[4mm] bg-white p-[4mm] outline-1 outline-ink-faint/40 outline-dashed print:outline-none`}
            >
              {sheet.map((tablet) => (
                <div key={tablet.id} className="flex flex-col gap-[2mm]">
                  <TabletCard tablet={tablet} />
                  <ul
                    aria-label={`登记信息：${tablet.names.join('、')}`}
                    className="text-sm break-words text-ink-soft"
                  >
                    {tablet.facts.map((fact) => (
                      <li key={fact}>{fact}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </>
      ) : null}
    </section>
  );
}
