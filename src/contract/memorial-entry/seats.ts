/** The seat types of the memorial entries (000 section 3), their groups, and the messages of the dialogs. */

export const ALL_BEINGS = '十方法界一切众生';
export const CREDITORS = '累世冤亲债主';
export const UNBORN_INFANT = '未出世婴灵';
export const ANCESTORS = '□氏历代祖先';
export const SITE_GUARDIAN = '地基主';
export const SEVEN_GENERATIONS = '七世父母';
export const OTHER_SEAT = '其他';

/** Group 1: the second and third tablet may be any of these when the first is one of them. */
export const SEAT_GROUP_ONE = [ALL_BEINGS, CREDITORS, UNBORN_INFANT, ANCESTORS, SITE_GUARDIAN] as const;
/** The separate options: each is its own group (tablets 2 and 3 repeat the first one's seat). */
export const SEPARATE_SEATS = [
  '曾祖父母',
  '外曾祖父母',
  '祖父母',
  '外祖父母',
  '父母',
  '岳父母',
  '公婆',
  '先夫',
  '先妻',
  '子女',
  '姑父母',
  '伯叔父',
  '姨父母',
  '舅父母',
  '兄嫂',
  '弟弟弟媳',
  '姐姐姐夫',
  '妹妹妹夫',
  OTHER_SEAT,
] as const;

export type EntryVariant = 'assembly' | 'ceremony';
export interface EntryOptions {
  variant: EntryVariant;
  /** Blessing-name length in the assembly: 6, or 4 for the wisdom assembly. */
  blessingNameLength?: 6 | 4;
  /** The festival assembly that offers 七世父母 (assembly only). */
  sevenGenerations?: boolean;
}

export const MEMORIAL_MESSAGES = {
  chooseType: '请选择类型',
  tabletName: '请输入牌位名称',
  seatType: '请选择牌位类型',
  charsSpaces: '请输入中文、英文或空格',
  charsOnly: '只能输入中文和字母',
  within20: '请输入20个字以内',
  within10: '请输入10个字以内',
  within6: '请输入6个字以内',
  within4: '请输入4个字以内',
  shangRequired: '请输入阳上人姓名',
  birthRequired: '请选择延生者出生日期',
  assembly6: '请输入6个以内中文或英文字符',
  assembly4: '请输入4个以内中文或英文字符',
  assembly50: '请输入50个以内中文或英文字符',
  infantName: '姓名为4个字以内中文或英文',
  nameRequired: '请输入姓名！',
  surnameRequired: '请输入姓氏！',
  addressRequired: '请输入地址！',
  otherName: '请输入姓名',
  // The site's own, in the same voice (tampered or out-of-order input the dialogs never send).
  seatUnknown: '牌位类型不正确',
  seatGroup: '第二、三个牌位须与第一个牌位同组',
  previousFirst: '请先填写前一个',
  dateInvalid: '日期格式不正确',
  birthAfterDeath: '出生日期不能晚于往生日期',
  birthTooLate: '出生日期不能晚于昨天',
  deathTooLate: '往生日期不能晚于今天',
  entryInvalid: '明细信息有误',
} as const;

/** Short for the messages, in the rules of the other files of this folder. */
export const M = MEMORIAL_MESSAGES;

/** Seats whose name input is disabled (000 section 4). */
export const NO_NAME_SEATS: readonly string[] = [ALL_BEINGS, CREDITORS, SEVEN_GENERATIONS];
/** Ceremony: seats whose name may stay empty (000 section 5). */
export const NAME_OPTIONAL_SEATS: readonly string[] = [
  UNBORN_INFANT,
  ALL_BEINGS,
  CREDITORS,
  ANCESTORS,
  SITE_GUARDIAN,
];

export const allSeats = (opts: Pick<EntryOptions, 'variant' | 'sevenGenerations'>): string[] => [
  ...SEAT_GROUP_ONE,
  ...SEPARATE_SEATS,
  ...(opts.variant === 'assembly' && opts.sevenGenerations ? [SEVEN_GENERATIONS] : []),
];

/** The seats of `seat`'s group: group 1, or the separate option alone. */
export const seatGroupOf = (seat: string): readonly string[] =>
  (SEAT_GROUP_ONE as readonly string[]).includes(seat) ? SEAT_GROUP_ONE : seat ? [seat] : [];
