import type { CSSProperties } from 'react';
import { digitRuns, type Tablet } from './tablet-layout';

const vertical: CSSProperties = {
  writingMode: 'vertical-rl',
  textOrientation: 'upright',
  fontFamily: 'KaiTi, STKaiti, "Kaiti SC", "Noto Serif CJK SC", serif',
};

/** A name exactly as entered; runs of digits upright together (text-combine-upright). */
function Name({ text }: { text: string }) {
  return (
    <span className="whitespace-pre">
      {digitRuns(text).map((run, i) =>
        run.digits ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one fixed text
          <span key={i} style={{ textCombineUpright: 'all' }}>
            {run.text}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one fixed text
          <span key={i}>{run.text}</span>
        ),
      )}
    </span>
  );
}

/**
 * One tablet in vertical text: 延生 red (佛光注照 … 长生禄位), 往生 yellow (佛力超荐 … 往生莲位,
 * 阳上 … 敬荐 on its left). The kind is said in words too, so a black-and-white print tells them apart.
 * In vertical-rl a column flex box (flex-col) lays its lines out right to left, each read top to
 * bottom: the kind, then the centre line, then 阳上.
 */
export function TabletCard({ tablet }: { tablet: Tablet }) {
  const blessing = tablet.kind === '延生';
  return (
    <article
      aria-label={`${blessing ? '延生禄位' : '往生莲位'}：${tablet.names.join('、')}`}
      style={vertical}
      className={`relative flex h-[180mm] flex-col items-center justify-center gap-6 border-[0.6mm] px-3 py-6 break-inside-avoid ${
        blessing ? 'border-temple bg-temple-pale text-temple-dark' : 'border-gold bg-gold-pale text-ink'
      }`}
    >
      <p className="text-base tracking-widest">{blessing ? '延生' : '往生'}</p>
      <p className="flex items-center gap-3 text-3xl tracking-[0.2em]">
        <span>{blessing ? '佛光注照' : '佛力超荐'}</span>
        <span className="flex gap-2 text-4xl font-semibold">
          {tablet.names.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two tablets may bear the same name
            <Name key={i} text={name} />
          ))}
        </span>
        <span>{blessing ? '长生禄位' : '往生莲位'}</span>
      </p>
      {!blessing && tablet.ys.length > 0 ? (
        <p className="flex items-center gap-2 text-xl tracking-widest">
          <span>阳上</span>
          {tablet.ys.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two descendants may share a name
            <Name key={i} text={name} />
          ))}
          <span>敬荐</span>
        </p>
      ) : null}
      {tablet.paid ? null : (
        <p className="absolute top-2 left-2 rounded bg-white px-1 text-base font-semibold text-temple print:hidden">
          未付款
        </p>
      )}
    </article>
  );
}
