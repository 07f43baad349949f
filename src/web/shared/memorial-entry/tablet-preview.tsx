import { type MemorialEntry, tabletEntryOf } from '@contract/memorial-entry';
import type { TabletPhrases } from '@contract/tablet-phrases';
import { composeTablets, petitionText, type TabletLines, tabletColumns } from '@contract/tablet-text';

const W = 220;
const H = 500;
const BODY_TOP = 80;
const BODY_BOTTOM = 452;

/** Characters one under another from (x, top), each `size` high, centred on x. */
function Column({
  x,
  top,
  text,
  size,
  className,
}: {
  x: number;
  top: number;
  text: string;
  size: number;
  className: string;
}) {
  const chars = [...text.replace(/\s+/g, ' ')];
  return (
    <text x={x} textAnchor="middle" fontSize={size} className={`font-serif ${className}`}>
      {chars.map((char, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a character's place in its column is its identity.
        <tspan key={i} x={x} y={top + size * (i + 1)}>
          {char === ' ' ? '\u3000' : char}
        </tspan>
      ))}
    </text>
  );
}

/** The size that fits `length` characters in `height`, no larger than `max`. */
const fitSize = (length: number, height: number, max: number) =>
  Math.min(max, Math.floor(height / Math.max(length, 1)));

/** 往生: a lotus crown and a warm gold tablet on its base. */
function LotusCrown() {
  // Outer petals first, the upright one last, so the crown reads symmetric.
  const petals = [-64, 64, -32, 32, 0];
  return (
    <g className="fill-gold-light stroke-gold" strokeWidth={2}>
      {petals.map((angle) => (
        <ellipse key={angle} cx={W / 2} cy={52} rx={20} ry={44} transform={`rotate(${angle} ${W / 2} 88)`} />
      ))}
      <ellipse cx={W / 2} cy={84} rx={70} ry={10} className="fill-gold" />
    </g>
  );
}

/** 延生: a red tablet under a gold roof. */
function Roof() {
  return (
    <g className="fill-gold stroke-gold-light" strokeWidth={2}>
      <path d={`M 8 ${BODY_TOP} Q ${W / 2} 10 ${W - 8} ${BODY_TOP} Z`} />
      <circle cx={W / 2} cy={36} r={9} className="fill-temple stroke-gold-light" />
    </g>
  );
}

function Tablet({ tablet }: { tablet: TabletLines }) {
  const deceased = tablet.kind === '往生';
  const ink = deceased ? 'fill-temple-dark' : 'fill-gold-pale';
  const names = tablet.names;
  const nameTop = BODY_TOP + 40;
  const nameHeight = 230;
  const size = fitSize(Math.max(1, ...names.map((n) => [...n].length)), nameHeight, 30);
  const gap = Math.min(40, 120 / Math.max(names.length, 1));
  const petition = petitionText(tablet);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`${deceased ? '往生牌位' : '延生禄位'}：${tabletColumns(tablet).join(' ')}`}
      className="h-auto w-44 shrink-0"
    >
      {deceased ? <LotusCrown /> : <Roof />}
      <rect
        x={20}
        y={BODY_TOP}
        width={W - 40}
        height={BODY_BOTTOM - BODY_TOP}
        rx={6}
        className={deceased ? 'fill-gold-pale stroke-gold' : 'fill-temple stroke-gold'}
        strokeWidth={4}
      />
      <rect
        x={32}
        y={BODY_TOP + 12}
        width={W - 64}
        height={BODY_BOTTOM - BODY_TOP - 24}
        rx={3}
        fill="none"
        className={deceased ? 'stroke-gold' : 'stroke-gold-light'}
        strokeWidth={1.5}
      />
      <rect x={8} y={BODY_BOTTOM} width={W - 16} height={30} rx={4} className="fill-gold" />
      <Column x={W - 52} top={BODY_TOP + 18} text={tablet.heading} size={18} className={ink} />
      {names.map((name, i) => (
        <Column
          key={name + String(i)}
          x={W / 2 + ((names.length - 1) / 2 - i) * gap}
          top={nameTop}
          text={name}
          size={size}
          className={ink}
        />
      ))}
      <Column
        x={W / 2}
        top={nameTop + nameHeight + 6}
        text={tablet.suffix}
        size={tablet.suffix.length > 3 ? 18 : 22}
        className={ink}
      />
      {petition && (
        <Column
          x={52}
          top={BODY_TOP + 150}
          text={petition}
          size={fitSize([...petition].length, 210, 16)}
          className={ink}
        />
      )}
    </svg>
  );
}

/**
 * The tablets as the entries will be printed, with the temple's phrases (the site config): the
 * same composition the console's sheet prints (tablet-text.ts). The note says the real print prevails.
 */
export function TabletPreview({ entries, phrases }: { entries: MemorialEntry[]; phrases: TabletPhrases }) {
  const tablets = entries.flatMap((entry) => composeTablets(tabletEntryOf(entry), phrases));
  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="font-serif text-lg text-temple">牌位预览</figcaption>
      {entries.length === 0 ? (
        <p className="text-lg text-ink-soft">添加明细后，可在此预览牌位。</p>
      ) : (
        // Wrapped, not scrolled sideways: in the dialog's narrow column every tablet stays in sight.
        <div className="flex flex-wrap justify-center gap-4 rounded-md bg-paper-deep p-4">
          {tablets.map((tablet, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the list's order.
            <Tablet key={i} tablet={tablet} />
          ))}
        </div>
      )}
      <p className="text-base text-ink-soft">牌位样式仅供参考，以实际打印为准</p>
    </figure>
  );
}
