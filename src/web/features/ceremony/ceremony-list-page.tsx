import { useSuspenseQuery } from '@tanstack/react-query';
import { CardListSection } from '../../shared/card-list-section';
import { ImageCardLink } from '../../shared/image-card-link';
import { ceremonyListQuery } from './ceremony-queries';
import { rememberFsType } from './remembered-type';

/** The type as the address holds it: a bare number, ?id=1 (a string '1' would be written quoted). */
const SEARCH_ID = { '1': 1, '2': 2 } as const;

/** 独姓佛事: a card per ceremony type (往生, 延生) with its picture and a line; 暂无数据 when none. */
export function CeremonyListPage() {
  const { data: types } = useSuspenseQuery(ceremonyListQuery);
  return (
    <CardListSection
      title="独姓佛事"
      intro="为一家一姓单独礼请法师修持佛事，超荐往生亲眷或为家人延生祈福。选择佛事类型后预约日期与时段。"
      columns={2}
      cards={types.map((item) => (
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
    />
  );
}
