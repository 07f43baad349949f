/**
 * Orders as the pages send them (prePay's `jsonObject`), for the server, contract and bench
 * tests; `over` replaces fields. Each call builds new objects all the way down: a test (the fuzz)
 * may change what it was given.
 */

/** A tablet: small (2), floor 2, group 1 (北), seat 1_1, 延生禄位, 2800 yuan. */
export const sampleTabletOrder = (over: Record<string, unknown> = {}) => ({
  type: 3,
  CHANNEL: 'pc',
  FHTYPENAME: '延生禄位',
  location: '二层/北',
  PW_GROUP: '1',
  CZ_ROW: '1',
  GFJ_TOTAL: 2800,
  POSITION: '1_1',
  YD_CYCLE: 7,
  GF_TYPE: '2',
  PW_PRICE: 2800,
  PW_LOCATION: 2,
  PW_TYPE: '2',
  PW_DW: '',
  SP_POSITION: '1排1号',
  PW_YD_FLAG: 1,
  MOBILE: '13800001234',
  PAY_METHOD: '8',
  DATA_SOURCE: 4,
  FS_TYPE: '1',
  zzList: [{ FG_ZZ: '陈大明' }, { FG_ZZ: '' }, { FG_ZZ: '' }],
  ...over,
});

/**
 * A 大牌位 place of 16800 yuan on the ground floor (一层 一室) at `position`, for a deceased `name`:
 * a reservation (no QR, held 7 days, paid at the temple).
 */
export const largeTabletReservation = (
  position: string,
  over: Record<string, unknown> = {},
  name = '陈老居士',
) =>
  sampleTabletOrder({
    PW_TYPE: '1',
    PW_LOCATION: 1,
    PW_PRICE: 16800,
    GFJ_TOTAL: 16800,
    FS_TYPE: '2',
    POSITION: position,
    zzList: [],
    jyList: [{ FG_JY: name, BIRTH_DAY: '1940-02-03' }],
    ysList: [{ YS: '陈大明' }],
    ...over,
  });

/** A statue niche at 大殿外 (location 2), seat 1_1, 年供 of group 1 (2000 yuan); material 3 and statue 4 as seeded. */
export const sampleStatueOrder = (over: Record<string, unknown> = {}) => ({
  type: 7,
  CHANNEL: 'pc',
  LOCATION: '2',
  MATERIAL: 3,
  STATUE: 4,
  FX_GROUP: '1',
  GF_TYPE: '2',
  POSITION: '1_1',
  GFJ_TOTAL: 2000,
  GD_NAMES: '陈居士',
  REMARK: '',
  MOBILE: '13800001234',
  FX_CNNAME: '观世音菩萨',
  FX_MATERIAL_NAME: '铜鎏金',
  FULL_NAME: '大殿外东廊1排1号',
  GF_TYPE_TEXT: '年供',
  FX_LOCATION_NAME: '大殿外',
  FX_ZB: '1_1',
  ...over,
});

export const SAMPLE_DECEASED = { JY1: '父母张三', BIRTH_DAY1: '1930-01-01', DEATH_DAY1: '2020-01-01' };
export const SAMPLE_SUPPORTER = { YS1: '张小明' };

/** A 往生 ceremony, one session of the 13:30-15:00 slot (3 sessions a day) on 2026-12-20. */
export const sampleCeremonyOrder = (over: Record<string, unknown> = {}) => ({
  type: 2,
  CHANNEL: 'pc',
  FS_TYPE: '1',
  FS_DATE: '2026-12-20',
  FS_TIME: '13:30-15:00',
  MANY: '一堂',
  GDJ_TOTAL: 3800,
  FS_CONTENT: '往生莲位',
  FS_ADDRESS: '',
  FS_CAUSE: '超荐先父',
  REMARK: '',
  MOBILE: '13800001234',
  WS_FG_JY: '父母张三 1930-01-01 2020-01-01',
  WS_YS: '张小明',
  WS_FG_ZZ: '',
  PAY_METHOD: '3',
  MONEY: 1000,
  BLR: 'pc',
  JF_DATE: '2026-11-22 10:00:00',
  jyList: [{ ...SAMPLE_DECEASED }],
  zzList: [],
  ysList: [{ ...SAMPLE_SUPPORTER }],
  ...over,
});

/** A charity society membership join: product HY1 (365 yuan a year), a Shanghai address. */
export const sampleMembershipJoin = (over: Record<string, unknown> = {}) => ({
  type: 6,
  CHANNEL: 'pc',
  MOBILE: '13800001234',
  PRODUCT_ID: 'HY1',
  customAmount: 365,
  NAME: '陈明',
  SEX: '1',
  BIRTH_DATE: '1980-05-01',
  SSQ_NAME: ['上海市', '市辖区', '静安区'],
  SSQ: ['31', '3101', '310106'],
  ADDRESS: '愚园路1号',
  GFR1: '十方法界一切众生',
  YS1: '陈明',
  ...over,
});
