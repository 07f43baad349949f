import type { HoeListItem } from '@contract/assembly';
import { useSuspenseQuery } from '@tanstack/react-query';
import { CardListSection } from '../../shared/card-list-section';
import { ImageCardLink } from '../../shared/image-card-link';
import { assemblyListQuery } from './assembly-queries';

/** Remembered for convenience only (spec 000 section 2): the query string alone opens the detail. */
const rememberAssembly = (item: HoeListItem) => {
  try {
    localStorage.setItem('hoeInfo', JSON.stringify(item));
  } catch {
    // Storage full or refused: the detail page does not need it.
  }
};

/** 法会报名: a card per assembly of the year (picture, name, year, lunar time); 暂无数据 when none. */
export function AssemblyListPage() {
  const { data: assemblies } = useSuspenseQuery(assemblyListQuery);
  return (
    <CardListSection
      title="法会报名"
      intro="随喜参加本年度各大法会，登记往生超荐、延生祈福牌位。寺院将以短信确认，订单可在个人中心查看。"
      cards={assemblies.map((item) => (
        <li key={`${item.HOE_YEAR}-${item.HOE_NAME}`}>
          <ImageCardLink
            to="/homeDetail"
            search={{ year: item.HOE_YEAR, name: item.HOE_NAME }}
            image={item.IMAGE}
            title={item.HOE_NAME}
            onPress={() => rememberAssembly(item)}
          >
            <span className="text-base text-ink-soft">{item.HOE_YEAR} 年</span>
            <span className="text-base text-ink-soft">{item.HOE_NL_TIME}</span>
          </ImageCardLink>
        </li>
      ))}
    />
  );
}
