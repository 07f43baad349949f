import { type HoeDetail, splitSolarRange } from '@contract/assembly';
import { Notice } from '../../components/ui/notice';
import { useSiteConfig } from '../../shared/site-config-query';

/**
 * An assembly: its picture and story, dates (solar and lunar) and the assembly types with the
 * places left. Online registration (types, tablets, entries, payment) follows in the next step
 * of the flow; until then the reception desk registers by phone.
 */
export function AssemblyDetailPage({ hoe }: { hoe: HoeDetail }) {
  const site = useSiteConfig();
  const { start, end } = splitSolarRange(hoe.HOE_YL_TIME);
  return (
    <div className="mx-auto grid max-w-page gap-10 px-6 pb-10 md:grid-cols-[2fr_3fr]">
      <img src={hoe.IMAGE} alt="" className="w-full rounded-lg border border-gold/40" />
      <section
        aria-labelledby="hoe-name"
        className="flex flex-col gap-5 rounded-lg border border-gold/40 bg-white p-7"
      >
        <h1 id="hoe-name" className="font-serif text-3xl tracking-widest text-temple">
          {hoe.HOE_NAME}
        </h1>
        <dl className="grid grid-cols-[6rem_1fr] gap-y-3 text-lg">
          <dt className="text-ink-soft">法会日期</dt>
          <dd>{start === end ? start : `${start} 至 ${end}`}</dd>
          <dt className="text-ink-soft">农历日期</dt>
          <dd>{hoe.HOE_NL_TIME}</dd>
          <dt className="text-ink-soft">法会类型</dt>
          <dd className="flex flex-wrap gap-x-6 gap-y-1">
            {hoe.HOE_TYPES.map((type) => (
              <span key={type.HOE_TYPE}>
                {type.HOE_TYPE}
                <span className="text-ink-soft">
                  {type.PLACES_LEFT === null ? '' : `（余 ${type.PLACES_LEFT} 位）`}
                </span>
              </span>
            ))}
          </dd>
        </dl>
        <p className="text-lg leading-8 text-ink-soft">{hoe.PARTICULARS}</p>
        <Notice tone="info">
          网上登记即将开放。如需报名，请致电客堂 {site.receptionPhone}，或亲临寺院客堂办理。
        </Notice>
      </section>
    </div>
  );
}
