/** Money is integer fen inside, yuan on the wire and on screen. */
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100);

/** ¥1,234 or ¥12.50: what the believer reads. */
export const formatYuan = (fen: number): string =>
  `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: fen % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** Online payment covers up to 10000 yuan; above it the believer goes to the temple. */
export const ONLINE_LIMIT_FEN = 10_000 * 100;
export const OVER_LIMIT_MESSAGE = '功德金超过10000，请前往寺庙办理';
