import { type VolunteerPayload, WEEKDAYS } from '@contract/volunteer';

/** The week of the payload: 1 on the days given, 0 on the others. */
export const volunteerWeek = (...days: string[]) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, days.includes(day) ? 1 : 0])) as VolunteerPayload['week'];

/** A complete, valid volunteer application (002 section 3) as POST /api/yxs-app/yg takes it. */
export const volunteerApplication = (patch: Partial<VolunteerPayload> = {}): VolunteerPayload => ({
  name: '陈明',
  idCard: '11010519491231002X',
  mobile: '13700005555',
  captcha: '123456',
  sex: '2',
  nation: '汉族',
  address: '南京东路1号',
  employer: '上海图书馆',
  photo: '/api/yxs-app/yg/photo/0123456789abcdef0123456789abcdef',
  birthDate: '1949-12-31',
  age: '76',
  foDate: '2000-01-01',
  postCode: '200000',
  wechat: 'chenming',
  degree: '5',
  physicalConditions: '1',
  boolConvert: 0,
  boolGc: 1,
  convertDate: '',
  convertLegalName: '',
  convertTemple: '',
  ssqCode: '31,3101,310101',
  ssqName: '上海市,市辖区,黄浦区',
  dataSource: 6,
  timeAvailable: 2,
  week: volunteerWeek('saturday', 'sunday'),
  projectHcIds: '9,18',
  projectHdIds: '1,17',
  talentIds: '15',
  ...patch,
});

/**
 * A volunteer application as the table stores it, for tests that set rows up directly (retention,
 * the review's message): its owner, phone, photo and time from the test, the rest a valid filler.
 */
export const storedApplication = (row: {
  user_id: number;
  mobile: string;
  photo_id: string;
  created_at: Date;
}) => ({
  ...row,
  data_source: 6,
  name: '陈小明',
  id_card: '310104199001011234',
  sex: '1',
  nation: '汉族',
  address: '愚园路1号',
  employer: '',
  birth_date: '1990-01-01',
  age: '36',
  fo_date: '',
  post_code: '',
  wechat: '',
  degree: '',
  physical_conditions: '',
  bool_convert: 0,
  bool_gc: 0,
  convert_date: '',
  convert_legal_name: '',
  convert_temple: '',
  ssq_code: '',
  ssq_name: '',
  time_available: 1,
  week_days: ['1'],
  project_hc_ids: [],
  project_hd_ids: [],
  talent_ids: [],
});
