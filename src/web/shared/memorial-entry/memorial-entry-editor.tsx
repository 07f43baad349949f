import { type EntryVariant, type MemorialEntry, TABLETS, tabletEntryOf } from '@contract/memorial-entry';
import { Button } from '../../components/ui/button';
import { EntryDialog } from './entry-dialog';
import { type MemorialEntryActor, useEntrySnapshot } from './use-memorial-entry-actor';

/** （生1930-01-01，殁2020-01-01）: the dates a ceremony entry sends with a tablet, if any. */
const datesOf = (birth: string, death = '') => {
  const dates = [birth && `生${birth}`, death && `殁${death}`].filter(Boolean);
  return dates.length > 0 ? `（${dates.join('，')}）` : '';
};

/** Each tablet's dates, in the order of its columns (a ceremony's; an assembly sends none). */
const tabletDates = (entry: MemorialEntry): string[] =>
  entry.type === '往生'
    ? TABLETS.filter((i) => entry.form[`seat${i}`]).map((i) =>
        datesOf(entry.form[`birth${i}`], entry.form[`death${i}`]),
      )
    : TABLETS.filter((i) => entry.form[`y${i}`].trim()).map((i) => datesOf(entry.form[`birth${i}`]));

/**
 * One line of the list, the entry as entered and as the roster will list it: 父母张三、… · 阳上：张小明
 * (the tablet itself, with the temple's phrases, is the preview's); a ceremony's with the birth and
 * death dates it sends beside each tablet (父母张三（生1930-01-01，殁2020-01-01）).
 */
const summary = (entry: MemorialEntry, variant: EntryVariant) => {
  const { tablets, ys } = tabletEntryOf(entry);
  const dates = variant === 'ceremony' ? tabletDates(entry) : [];
  const names = tablets.map((name, k) => `${name}${dates[k] ?? ''}`);
  const petitioners = ys.length > 0 ? ` · 阳上：${ys.join('、')}` : '';
  return `${names.join('、')}${petitioners}`;
};

/**
 * The entries of an order (明细信息) with 添加, 编辑 and 删除, and the entry dialog. The actor is
 * the editor machine: the parent's invoked child, or `useMemorialEntryActor`'s own. A full list
 * (the order's limit reached) disables 添加 and says why beside it.
 */
export function MemorialEntryEditor({ actor }: { actor: MemorialEntryActor }) {
  const snapshot = useEntrySnapshot(actor);
  const { entries, limit, options } = snapshot.context;
  const full = snapshot.matches('list') && !snapshot.can({ type: 'entry.add' });
  return (
    <section aria-labelledby="memorial-entries" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 id="memorial-entries" className="font-serif text-xl text-temple">
          明细信息
        </h3>
        <div className="flex items-center gap-3">
          {full && limit ? (
            <p id="memorial-entries-full" className="text-base text-ink-soft">
              {limit.full}
            </p>
          ) : null}
          <Button
            tone="secondary"
            isDisabled={full}
            aria-describedby={full ? 'memorial-entries-full' : undefined}
            onPress={() => actor.send({ type: 'entry.add' })}
          >
            添加
          </Button>
        </div>
      </div>
      {entries.length === 0 ? (
        <p className="text-lg text-ink-soft">尚未添加明细，请点击“添加”。</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {entries.map((entry, index) => (
            <li
              // The list changes only by the machine: add at the end, edit in place, delete, clear.
              // biome-ignore lint/suspicious/noArrayIndexKey: an entry's place is its identity here.
              key={index}
              className="flex items-center justify-between gap-4 rounded-md border border-gold/40 bg-white px-4 py-3 text-lg"
            >
              <span>
                <span className="mr-3 rounded bg-gold-pale px-2 py-0.5 text-base text-temple">
                  {entry.type === '往生' ? '往生牌位' : '延生禄位'}
                </span>
                {summary(entry, options.variant)}
              </span>
              <span className="flex shrink-0 gap-1">
                <Button
                  tone="quiet"
                  className="whitespace-nowrap"
                  aria-label={`编辑第${index + 1}条`}
                  onPress={() => actor.send({ type: 'entry.edit', index })}
                >
                  编辑
                </Button>
                <Button
                  tone="quiet"
                  className="whitespace-nowrap"
                  aria-label={`删除第${index + 1}条`}
                  onPress={() => actor.send({ type: 'entry.delete', index })}
                >
                  删除
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <EntryDialog actor={actor} snapshot={snapshot} />
    </section>
  );
}
