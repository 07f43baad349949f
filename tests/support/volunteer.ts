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
