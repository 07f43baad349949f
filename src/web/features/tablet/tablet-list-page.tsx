import { useSuspenseQuery } from '@tanstack/react-query';
import { CardListSection } from '../../shared/card-list-section';
import { ImageCardLink } from '../../shared/image-card-link';
import { rememberPwType } from './remembered-type';
import { tabletTypesQuery } from './tablet-queries';

/** The type as the address holds it: a bare number, ?type=1 (a string '1' would be written quoted). */
const SEARCH_TYPE = { '1': 1, '2': 2 } as const;

/** 牌位供奉: a card per tablet type (shown in reverse order) with its picture and a line; 暂无数据 when none. */
export function TabletListPage() {
  const { data: types } = useSuspenseQuery(tabletTypesQuery);
  return (
    <CardListSection
      title="牌位供奉"
      intro="于宝塔内供奉延生禄位或往生莲位。选择牌位类型后选择类别、位置与座位。"
      columns={2}
      cards={types.map((item) => (
        <li key={item.PW_TYPE}>
          <ImageCardLink
            to="/consecrateDetail"
            search={{ type: SEARCH_TYPE[item.PW_TYPE] }}
            image={item.IMAGE}
            title={item.NAME}
            onPress={() => rememberPwType(item.PW_TYPE)}
          >
            <span className="text-base text-ink-soft">{item.PARTICULARS}</span>
          </ImageCardLink>
        </li>
      ))}
    />
  );
}
