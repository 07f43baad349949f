/** Where a slide of the 寺院动态 carousel leads. */
export type SlideTarget =
  | { kind: 'news'; id: number }
  | { kind: 'external'; url: string }
  | { kind: 'page'; to: '/NewsConsulting' | '/IntoWfs' | '/BusinessClass' | '/merit' };

export interface Slide {
  key: string;
  title: string;
  subTitle: string;
  image: string;
  /** yyyy-MM-dd, when the slide is an article. */
  date?: string;
  target: SlideTarget;
}

const picture = (motif: string, tone: number) => `/images/${motif}.svg?title=&tone=${tone}`;

/** The four fixed slides shown when the home news call returns nothing or fails (spec 001 section 2). */
export const FALLBACK_SLIDES: readonly Slide[] = [
  {
    key: 'fallback-news',
    title: '寺院动态',
    subTitle: '法会通告与寺院新闻',
    image: picture('mountain', 0),
    target: { kind: 'page', to: '/NewsConsulting' },
  },
  {
    key: 'fallback-tour',
    title: '走进寺院',
    subTitle: '殿堂巡礼与参访须知',
    image: picture('pagoda', 1),
    target: { kind: 'page', to: '/IntoWfs' },
  },
  {
    key: 'fallback-assembly',
    title: '法会报名',
    subTitle: '本年度各大法会安排',
    image: picture('lotus', 2),
    target: { kind: 'page', to: '/BusinessClass' },
  },
  {
    key: 'fallback-merit',
    title: '功德供养',
    subTitle: '佛前供灯　随喜功德',
    image: picture('lamp', 3),
    target: { kind: 'page', to: '/merit' },
  },
];
