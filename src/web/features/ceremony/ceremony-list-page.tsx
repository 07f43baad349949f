import { useSuspenseQuery } from '@tanstack/react-query';
import { ImageCardLink } from '../../shared/image-card-link';
import { ceremonyListQuery } from './ceremony-queries';
import { rememberFsType } from './remembered-type';

/** The type as the address holds it: a bare number, ?id=1 (a string '1' would be written quoted). */
const SEARCH_ID = { '1': 1, '2': 2 } as const;

/** 独姓佛事: a card per ceremony type (往生, 延生) with its picture and a line; 暂无数据 when none. */
export function CeremonyListPage() {
  const { data: types } = useSuspenseQuery(ceremonyListQuery);
  return (
    <section aria-labelledby="ceremony-title" className="mx-auto max-w-page px-6 pb-10">
      <h1 id="ceremony-title" className="mb-2 font-serif text-3xl tracking-widest text-temple">
        独姓佛事
      </h1>
      <p className="mb-6 text-lg text-ink-soft">
        为一家一姓单独礼请法师修持佛事，超荐往生亲眷或为家人延生祈福。选择佛事类型后预约日期与时段。
      </p>
      {types.length === 0 ? (
        <p className="rounded-lg border border-gold/30 bg-white py-16 text-center text-lg text-ink-soft">
          暂无数据
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2">
          {types.map((item) => (
            <li key={item.FS_TYPE}>
              <ImageCardLink
                to="/ceremonyDetail"
                search={{ id: SEARCH_ID[item.FS_TYPE] }}
                image={item.IMAGE}
                title={item.FS_NAME}
                onPress={() => rememberFsType(item.FS_TYPE)}
              >
                <span className="text-base text-ink-soft">{item.PARTICULARS}</span>
              </ImageCardLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
