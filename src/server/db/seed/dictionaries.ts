interface DictionaryItem {
  dict_key: string;
  item_no: string;
  cn_name: string;
  ext_int1?: number;
  ext_int2?: number;
  ext_text1?: string;
}

const list = (dict_key: string, names: string[], firstNo = 1): DictionaryItem[] =>
  names.map((cn_name, i) => ({ dict_key, item_no: String(firstNo + i), cn_name }));

/** Dictionaries the spec reads by key (001 section 3, 002 section 3). Prices in yuan as the wire has them. */
export const dictionaries: DictionaryItem[] = [
  {
    dict_key: 'WFS.COMMON.HY.PRODUCT',
    item_no: 'HY1',
    cn_name: '功德会会员（一年）',
    ext_int1: 365,
    ext_int2: 1,
  },
  {
    dict_key: 'WFS.COMMON.HY.PRODUCT',
    item_no: 'HY3',
    cn_name: '功德会会员（三年）',
    ext_int1: 1000,
    ext_int2: 3,
  },
  {
    dict_key: 'WFS.COMMON.HY.PRODUCT',
    item_no: 'HY5',
    cn_name: '功德会会员（五年）',
    ext_int1: 1600,
    ext_int2: 5,
  },
  ...list('WFS.HY.RELATION', ['本人', '父母', '配偶', '朋友', '亲属', '子女', '其他']),
  ...list('SEX', ['男', '女']),
  ...list('HEALTH', ['健康', '良好', '较差']),
  ...list('EDUCATION', ['小学', '初中', '高中/中专', '大专', '本科', '研究生', '其他']),
  ...list('TALENT', [
    '活动策划',
    '水电维修',
    '手工制作',
    '美术设计',
    '公关交流',
    '法律咨询',
    '心理辅导',
    '外语翻译',
    '演讲主持',
    '医疗护理',
    '电脑网络',
    '音乐表演',
    '培训教学',
    '编辑写作',
    '摄影摄像',
    '驾驶运输',
    '其他',
  ]),
  ...list(
    'VOLUNTEER.EVENT',
    ['法会护持', '斋堂行堂', '香客引导', '秩序维护', '医疗保障', '摄影记录', '物资搬运', '接待咨询'],
    1,
  ),
  { dict_key: 'VOLUNTEER.EVENT', item_no: '17', cn_name: '其他' },
  ...list(
    'VOLUNTEER.DAILY',
    ['殿堂清洁', '花木养护', '图书整理', '流通处值班', '客堂接待', '厨房帮厨', '文书录入', '环境保洁'],
    9,
  ),
  { dict_key: 'VOLUNTEER.DAILY', item_no: '18', cn_name: '其他' },
  ...list('fh_name', [
    '水陆法会',
    '观音法会',
    '浴佛法会',
    '盂兰盆法会',
    '药师法会',
    '地藏法会',
    '新春祈福法会',
  ]),
];
