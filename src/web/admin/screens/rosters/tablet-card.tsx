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
 * One tablet in vertical text, its lines composed as the believer's preview composes them
 * (tablet-text.ts): 延生 red, 往生 yellow with the petition (阳上 … 敬荐) on its left. In vertical-rl
 * a column flex box (flex-col) lays its lines out right to left, each read top to bottom: the
 * heading, names and suffix in the centre line, then the petition.
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
      <p className="flex items-center gap-3 text-3xl tracking-[0.2em]">
        <span>{tablet.heading}</span>
        <span className="flex gap-2 text-4xl font-semibold">
          {tablet.names.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two tablets may bear the same name
            <Name key={i} text={name} />
          ))}
        </span>
        <span>{tablet.suffix}</span>
      </p>
      {tablet.petition ? (
        <p className="flex items-center gap-2 text-xl tracking-widest">
          <span>{tablet.petition.label}</span>
          {tablet.petition.names.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two descendants may share a name
            <Name key={i} text={name} />
          ))}
          <span>{tablet.petition.suffix}</span>
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
