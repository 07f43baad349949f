import type { StatueLocationItem } from '@contract/statue';
import { useSuspenseQuery } from '@tanstack/react-query';
import { CardListSection } from '../../shared/card-list-section';
import { ImageCardLink } from '../../shared/image-card-link';
import { statueListQuery } from './statue-queries';

/** Remembered for convenience only (001 section 2): the address alone opens the location. */
const rememberLocation = (item: StatueLocationItem) => {
  try {
    localStorage.setItem('fxInfo', JSON.stringify(item));
  } catch {
    // Storage full or refused: the detail page does not need it.
  }
};

/** 圣像供奉: a card per location (大殿内, 大殿外, 六合居); 暂无数据 when none. */
export function StatueListPage() {
  const { data: locations } = useSuspenseQuery(statueListQuery);
  return (
    <CardListSection
      title="圣像供奉"
      intro="恭请佛菩萨圣像供奉于寺院殿堂，常供或年供，功德回向家人。选择供奉地点后，选材质、佛像、期限与方位，在座位图上选定位置。"
      cards={locations.map((item) => (
        <li key={item.LOCATION}>
          <ImageCardLink
            to="/powerdekorDetail"
            search={{ id: Number(item.LOCATION), name: item.NAME }}
            image={item.IMAGE}
            title={item.NAME}
            onPress={() => rememberLocation(item)}
          >
            <span className="text-base text-ink-soft">{item.PARTICULARS}</span>
          </ImageCardLink>
        </li>
      ))}
    />
  );
}
