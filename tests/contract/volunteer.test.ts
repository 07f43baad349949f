import {
  ageOn,
  idCardFacts,
  VOLUNTEER_MESSAGES as M,
  NO_DAYS,
  tickAnytime,
  tickWeekday,
  timeAvailable,
  VOLUNTEER_PHOTO_RULES,
  volunteerApi,
  volunteerPayloadSchema,
  volunteerPhotoRefusal,
  WEEKDAYS,
  type WeekTicks,
} from '@contract/volunteer';
import {
  isBasicInfoField,
  judgeVolunteerForm,
  VOLUNTEER_FIELDS,
  type VolunteerField,
  type VolunteerFormValues,
  volunteerFormDefaults,
  volunteerFormSchema,
  volunteerPayload,
} from '@contract/volunteer-form';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const TODAY = '2026-11-22';
const PHOTO = '/api/yxs-app/yg/photo/0123456789abcdef0123456789abcdef';
const MALE_ID = '110105194912310011';
const FEMALE_ID_X = '11010519491231002X';

const good: VolunteerFormValues = {
  ...volunteerFormDefaults({ realName: '陈明', phone: '13800138000' }),
  ID_CARD: MALE_ID,
  PHOTO,
  BIRTH_DATE: '1949-12-31',
  NATION: '汉族',
  AGE: '76',
  HOMETOWN: ['11', '1101', '110105'],
  HOMETOWN_NAME: ['北京市', '市辖区', '朝阳区'],
  XF_DATE: '2000-01-01',
  POST_CODE: '200000',
  WX_NUMBER: 'chenming_1949',
  LAST_DEGREE: '5',
  EMPLOYER: '上海图书馆',
  verifCode: '123456',
  ADDRESS: '南京东路1号',
  ...tickWeekday(NO_DAYS, 'saturday', true),
  PROJECT_HC: ['9', '18'],
  PROJECT_HD: ['1'],
  TALENTS: ['15', '17'],
};
const converted: Partial<VolunteerFormValues> = {
  BOOL_CONVERT: '1',
  CONVERT_DATE: '2010-04-08',
  CONVERT_LEGAL_NAME: '妙音',
  REFUGE_TEMPLE: '玉佛禅寺',
};

const errorsOf = (patch: Partial<VolunteerFormValues>) => {
  const judged = judgeVolunteerForm({ ...good, ...patch }, TODAY);
  return judged.outcome === 'invalid' ? judged.errors : {};
};

describe('the form’s defaults (002 section 2)', () => {
  it('male, health 1, not converted, not in 广慈功德会; name and phone from the believer', () => {
    expect(volunteerFormDefaults({ realName: ' 陈明 ', phone: '13800138000' })).toMatchObject({
      NAME: '陈明',
      TEL: '13800138000',
      SEX: '1',
      ST_ZK: '1',
      BOOL_CONVERT: '0',
      BOOL_GMS: '0',
      ANYTIME: false,
      WEEK: NO_DAYS,
    });
    expect(volunteerFormDefaults()).toMatchObject({ NAME: '', TEL: '' });
  });
  it('every field of the page is in the focus order, basic info first', () => {
    expect(VOLUNTEER_FIELDS).toHaveLength(26);
    expect(VOLUNTEER_FIELDS.slice(0, 3)).toEqual(['NAME', 'ID_CARD', 'PHOTO']);
    expect(isBasicInfoField('REFUGE_TEMPLE')).toBe(true);
    expect(isBasicInfoField('WEEK')).toBe(false);
  });
});

describe('the validation table (002 section 5): a row per message, on its field', () => {
  it('a complete form is valid and builds the payload of 002 section 3', () => {
    const judged = judgeVolunteerForm(good, TODAY);
    expect(judged.outcome).toBe('valid');
    if (judged.outcome !== 'valid') return;
    expect(judged.payload).toMatchObject({
      name: '陈明',
      idCard: MALE_ID,
      mobile: '13800138000',
      captcha: '123456',
      age: '76',
      sex: '1',
      physicalConditions: '1',
      boolConvert: 0,
      boolGc: 0,
      convertDate: '',
      dataSource: 6,
      ssqCode: '11,1101,110105',
      ssqName: '北京市,市辖区,朝阳区',
      timeAvailable: 2,
      week: { monday: 0, saturday: 1, sunday: 0 },
      projectHcIds: '9,18',
      projectHdIds: '1',
      talentIds: '15,17',
    });
    // What the browser sends is what the server accepts.
    expect(v.safeParse(volunteerPayloadSchema(TODAY), judged.payload).success).toBe(true);
  });

  it.each<[string, Partial<VolunteerFormValues>, VolunteerField, string]>([
    ['no name', { NAME: ' ' }, 'NAME', M.nameEmpty],
    ['a name with digits', { NAME: '陈明1' }, 'NAME', M.nameInvalid],
    ['a name of 21', { NAME: '陈'.repeat(21) }, 'NAME', M.nameTooLong],
    ['no ID', { ID_CARD: '' }, 'ID_CARD', M.idEmpty],
    ['a wrong check digit', { ID_CARD: '110105194912310012' }, 'ID_CARD', M.idInvalid],
    ['15 digits', { ID_CARD: '110105491231002' }, 'ID_CARD', M.idInvalid],
    ['no phone', { TEL: '' }, 'TEL', M.telEmpty],
    ['a phone of 154', { TEL: '15400000000' }, 'TEL', M.telInvalid],
    ['no sex', { SEX: '' }, 'SEX', M.sex],
    ['no nation', { NATION: '' }, 'NATION', M.nationEmpty],
    ['a nation in letters', { NATION: 'Han' }, 'NATION', M.nationInvalid],
    ['a nation of 6', { NATION: '汉汉汉汉汉汉' }, 'NATION', M.nationTooLong],
    ['no address', { ADDRESS: '' }, 'ADDRESS', M.addressEmpty],
    ['an address with letters', { ADDRESS: 'Nanjing Road 1' }, 'ADDRESS', M.addressInvalid],
    ['an address with markup', { ADDRESS: '南京路<b>1</b>号' }, 'ADDRESS', M.addressInvalid],
    ['an address with @', { ADDRESS: '南京路@1号' }, 'ADDRESS', M.addressInvalid],
    ['an address of punctuation only', { ADDRESS: '--（）' }, 'ADDRESS', M.addressInvalid],
    ['an address over two lines', { ADDRESS: '南京路\n1号' }, 'ADDRESS', M.addressInvalid],
    ['an employer with digits', { EMPLOYER: '上海1厂' }, 'EMPLOYER', M.employerInvalid],
    ['no code', { verifCode: '' }, 'verifCode', M.codeEmpty],
    ['a code of 7', { verifCode: '1234567' }, 'verifCode', M.codeFormat],
    ['no photo', { PHOTO: '' }, 'PHOTO', M.photoEmpty],
    ['a photo of another site', { PHOTO: 'https://evil.example/a.png' }, 'PHOTO', M.photoEmpty],
    ['no hometown', { HOMETOWN: [], HOMETOWN_NAME: [] }, 'HOMETOWN', M.hometown],
    ['no birth date', { BIRTH_DATE: '' }, 'BIRTH_DATE', M.birthDate],
    ['a birth date to come', { BIRTH_DATE: '2027-01-01' }, 'BIRTH_DATE', M.birthFuture],
    ['no age', { AGE: '' }, 'AGE', M.age],
    ['an age of 4 characters', { AGE: '1000' }, 'AGE', M.age],
    ['no date began Buddhism', { XF_DATE: '' }, 'XF_DATE', M.foDate],
    ['no postcode', { POST_CODE: '' }, 'POST_CODE', M.postCodeEmpty],
    ['a postcode of 5', { POST_CODE: '20000' }, 'POST_CODE', M.postCodeInvalid],
    ['no education', { LAST_DEGREE: '' }, 'LAST_DEGREE', M.degree],
    ['no health', { ST_ZK: '' }, 'ST_ZK', M.health],
    ['no 广慈功德会 answer', { BOOL_GMS: '' }, 'BOOL_GMS', M.gms],
    ['a WeChat of 26', { WX_NUMBER: 'a'.repeat(26) }, 'WX_NUMBER', M.wechat],
    ['no weekday', { ANYTIME: false, WEEK: NO_DAYS }, 'WEEK', M.week],
    ['随时 without the seven days', { ANYTIME: true }, 'WEEK', M.weekMismatch],
    ['no daily project', { PROJECT_HC: [] }, 'PROJECT_HC', M.dailyProjects],
    ['a daily project of the large events', { PROJECT_HC: ['1'] }, 'PROJECT_HC', M.dailyProjects],
    ['no large event', { PROJECT_HD: [] }, 'PROJECT_HD', M.eventProjects],
    ['no skill', { TALENTS: [] }, 'TALENTS', M.talents],
  ])('%s', (_, patch, field, message) => {
    const judged = judgeVolunteerForm({ ...good, ...patch }, TODAY);
    expect(judged.outcome).toBe('invalid');
    if (judged.outcome !== 'invalid') return;
    expect(judged.errors).toEqual({ [field]: message });
    expect(judged.firstField).toBe(field);
    expect(judged.basicInfo).toBe(isBasicInfoField(field));
  });

  it.each([
    '上海市静安区万福路188弄2-301室',
    '黄浦区南京东路100号3号楼（东）1201室',
    '长宁路1号12#楼',
    '徐汇区漕溪北路 18 号，近地铁站',
    '浦东新区张杨路500号、502号；华润时代广场2/3楼',
  ])('an address with ordinary punctuation is accepted, by the form and by the server: %s', (ADDRESS) => {
    const judged = judgeVolunteerForm({ ...good, ADDRESS }, TODAY);
    expect(judged.outcome).toBe('valid');
    if (judged.outcome !== 'valid') return;
    expect(judged.payload.address).toBe(ADDRESS);
    expect(v.safeParse(volunteerPayloadSchema(TODAY), judged.payload).success).toBe(true);
  });

  it('the name’s messages say 姓名, as the field is labelled (not 用户名)', () => {
    for (const message of [M.nameEmpty, M.nameInvalid, M.nameTooLong]) {
      expect(message).toContain('姓名');
      expect(message).not.toContain('用户名');
    }
  });

  it('every field’s message at once, the first in page order getting the focus', () => {
    const judged = judgeVolunteerForm(volunteerFormDefaults(), TODAY);
    expect(judged.outcome).toBe('invalid');
    if (judged.outcome !== 'invalid') return;
    expect(judged.firstField).toBe('NAME');
    expect(judged.basicInfo).toBe(true);
    expect(judged.errors).toMatchObject({
      NAME: M.nameEmpty,
      ID_CARD: M.idEmpty,
      PHOTO: M.photoEmpty,
      TEL: M.telEmpty,
      HOMETOWN: M.hometown,
      WEEK: M.week,
      PROJECT_HC: M.dailyProjects,
      PROJECT_HD: M.eventProjects,
      TALENTS: M.talents,
    });
    expect(judged.errors.SEX).toBeUndefined();
  });

  it('only the activities wrong: the first activity gets the focus, not basic info', () => {
    const judged = judgeVolunteerForm({ ...good, PROJECT_HD: [], TALENTS: [] }, TODAY);
    expect(judged).toMatchObject({ outcome: 'invalid', firstField: 'PROJECT_HD', basicInfo: false });
  });
});

describe('the conversion fields: judged only when BOOL_CONVERT is 1', () => {
  it('not converted: empty or wrong, they are not judged, and the payload drops them', () => {
    const judged = judgeVolunteerForm(
      { ...good, CONVERT_DATE: 'x', CONVERT_LEGAL_NAME: 'abc', REFUGE_TEMPLE: '1' },
      TODAY,
    );
    expect(judged.outcome).toBe('valid');
    if (judged.outcome === 'valid')
      expect(judged.payload).toMatchObject({ convertDate: '', convertLegalName: '', convertTemple: '' });
  });
  it('converted with all three: valid, and they are sent', () => {
    const judged = judgeVolunteerForm({ ...good, ...converted }, TODAY);
    expect(judged.outcome).toBe('valid');
    if (judged.outcome === 'valid')
      expect(judged.payload).toMatchObject({
        boolConvert: 1,
        convertLegalName: '妙音',
        convertTemple: '玉佛禅寺',
      });
  });
  it.each<[string, Partial<VolunteerFormValues>, VolunteerField, string]>([
    ['no date', { CONVERT_DATE: '' }, 'CONVERT_DATE', M.convertDate],
    ['a date to come', { CONVERT_DATE: '2027-01-01' }, 'CONVERT_DATE', M.convertDateFuture],
    ['no dharma name', { CONVERT_LEGAL_NAME: '' }, 'CONVERT_LEGAL_NAME', M.dharmaNameEmpty],
    ['a dharma name in letters', { CONVERT_LEGAL_NAME: 'Miao' }, 'CONVERT_LEGAL_NAME', M.dharmaNameInvalid],
    ['no temple', { REFUGE_TEMPLE: '' }, 'REFUGE_TEMPLE', M.templeEmpty],
    ['a temple with digits', { REFUGE_TEMPLE: '玉佛1寺' }, 'REFUGE_TEMPLE', M.templeInvalid],
  ])('converted, %s', (_, patch, field, message) => {
    expect(errorsOf({ ...converted, ...patch })).toEqual({ [field]: message });
  });
  it('the conversion messages stand beside the other fields’ messages', () => {
    expect(errorsOf({ BOOL_CONVERT: '1', NAME: '' })).toMatchObject({
      NAME: M.nameEmpty,
      CONVERT_DATE: M.convertDate,
      CONVERT_LEGAL_NAME: M.dharmaNameEmpty,
      REFUGE_TEMPLE: M.templeEmpty,
    });
  });
});

describe('the ID card’s facts (filled in on leaving the field)', () => {
  it('a man’s number: age on today, sex 1, birth date, region code', () => {
    expect(idCardFacts(MALE_ID, TODAY)).toEqual({
      age: 76,
      sex: '1',
      birthDate: '1949-12-31',
      regionCode: '110105',
    });
  });
  it('a woman’s number ending in X (either case)', () => {
    const facts = { age: 76, sex: '2', birthDate: '1949-12-31', regionCode: '110105' };
    expect(idCardFacts(FEMALE_ID_X, TODAY)).toEqual(facts);
    expect(idCardFacts(FEMALE_ID_X.toLowerCase(), TODAY)).toEqual(facts);
  });
  it('the age turns on the birthday', () => {
    expect(idCardFacts('440300198510150119', '2026-10-14')?.age).toBe(40);
    expect(idCardFacts('440300198510150119', '2026-10-15')?.age).toBe(41);
    expect(ageOn('1980-02-29', '2027-02-28')).toBe(46);
  });
  it.each([
    ['a wrong check digit', '110105194912310012'],
    ['an impossible date (30 February)', '310101199002300011'],
    ['a birth date to come', '310101203001010011'],
    ['15 digits', '110105491231002'],
    ['letters', 'abcdefghijklmnopqr'],
    ['empty', ''],
  ])('%s: null', (_, id) => {
    expect(idCardFacts(id, TODAY)).toBeNull();
  });
});

describe('随时 and the seven days (002 section 2)', () => {
  const all: WeekTicks = {
    monday: true,
    tuesday: true,
    wednesday: true,
    thursday: true,
    friday: true,
    saturday: true,
    sunday: true,
  };
  it('ticking 随时 ticks all seven; un-ticking it clears them', () => {
    expect(tickAnytime(true)).toEqual({ ANYTIME: true, WEEK: all });
    expect(tickAnytime(false)).toEqual({ ANYTIME: false, WEEK: NO_DAYS });
  });
  it('ticking the seventh day ticks 随时', () => {
    const six = { ...all, sunday: false };
    expect(tickWeekday(six, 'sunday', true)).toEqual({ ANYTIME: true, WEEK: all });
  });
  it('ticking a day short of seven leaves 随时 un-ticked', () => {
    expect(tickWeekday(NO_DAYS, 'monday', true)).toEqual({
      ANYTIME: false,
      WEEK: { ...NO_DAYS, monday: true },
    });
  });
  it.each(WEEKDAYS)('un-ticking %s clears 随时', (day) => {
    expect(tickWeekday(all, day, false)).toEqual({ ANYTIME: false, WEEK: { ...all, [day]: false } });
  });
  it('timeAvailable: 1 anytime, 2 otherwise', () => {
    expect(timeAvailable(true)).toBe(1);
    expect(timeAvailable(false)).toBe(2);
  });
});

describe('the photo (browser check): png/jpg/gif, over 120 KB, at most 5 MB', () => {
  const KB120 = VOLUNTEER_PHOTO_RULES.minExclusiveBytes;
  const MB5 = VOLUNTEER_PHOTO_RULES.maxBytes;
  it('the limits are the spec’s', () => {
    expect(KB120).toBe(120 * 1024);
    expect(MB5).toBe(5 * 1024 * 1024);
  });
  it.each<[string, { name: string; size: number }, string | null]>([
    ['exactly 120 KB', { name: 'a.png', size: KB120 }, M.photoTooSmall],
    ['120 KB + 1', { name: 'a.png', size: KB120 + 1 }, null],
    ['exactly 5 MB', { name: 'a.JPG', size: MB5 }, null],
    ['5 MB + 1', { name: 'a.gif', size: MB5 + 1 }, M.photoTooLarge],
    ['a .jpeg', { name: '照片.jpeg', size: KB120 + 1 }, null],
    ['a .txt', { name: 'a.txt', size: KB120 + 1 }, M.photoEmpty],
    ['no extension', { name: 'png', size: KB120 + 1 }, M.photoEmpty],
  ])('%s', (_, file, refusal) => {
    expect(volunteerPhotoRefusal(file)).toBe(refusal);
  });
  it('judged by its first bytes when given: a PNG-named text is refused', () => {
    const file = { name: 'a.png', size: KB120 + 1 };
    expect(volunteerPhotoRefusal(file, new TextEncoder().encode('hello world'))).toBe(M.photoEmpty);
    expect(volunteerPhotoRefusal(file, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]))).toBeNull();
  });
});

describe('the wire payload the server parses', () => {
  const payload = () => {
    const judged = judgeVolunteerForm({ ...good, ...converted }, TODAY);
    if (judged.outcome !== 'valid') throw new Error('fixture');
    return judged.payload;
  };
  const refusal = (patch: Record<string, unknown>) => {
    const result = v.safeParse(volunteerPayloadSchema(TODAY), { ...payload(), ...patch });
    return result.success ? null : result.issues[0]?.message;
  };
  it.each<[string, Record<string, unknown>, string]>([
    ['a bad ID', { idCard: '110105194912310012' }, M.idInvalid],
    ['no weekday', { week: Object.fromEntries(WEEKDAYS.map((d) => [d, 0])) }, M.week],
    ['timeAvailable 1 without all seven', { timeAvailable: 1 }, M.weekMismatch],
    ['converted without a dharma name', { convertLegalName: '' }, M.dharmaNameEmpty],
    ['another data source', { dataSource: 5 }, M.dataSource],
    ['an unknown talent', { talentIds: '99' }, M.talents],
    ['a repeated project', { projectHdIds: '1,1' }, M.eventProjects],
    ['a weekday of 2', { week: { ...payload().week, monday: 2 } }, M.week],
    [
      'a photo not ours',
      { photo: '/api/yxs-app/believer/photo/0123456789abcdef0123456789abcdef' },
      M.photoEmpty,
    ],
    ['no captcha', { captcha: undefined }, M.codeEmpty],
  ])('%s is refused with its Chinese message', (_, patch, message) => {
    expect(refusal(patch)).toBe(message);
  });
  it('anything not an object is refused in Chinese, never valibot’s English', () => {
    const result = v.safeParse(volunteerPayloadSchema(TODAY), 'x');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues[0]?.message).toBe(M.incomplete);
  });
  it('every piece carries a Chinese message', () => {
    const result = v.safeParse(volunteerPayloadSchema(TODAY), { week: 1 });
    expect(result.success).toBe(false);
    if (!result.success) for (const issue of result.issues) expect(issue.message).toMatch(/[\u4e00-\u9fa5]/);
  });
  it('the form schema and the endpoints are the contract’s', () => {
    expect(volunteerApi.apply.path).toBe('/api/yxs-app/yg');
    expect(volunteerApi.sendCode.path).toBe('/api/yxs-app/yg/register/verify');
    expect(
      v.safeParse(volunteerApi.sendCode.request, { phone: '13800138000', type: 'volunteer' }).success,
    ).toBe(true);
    expect(volunteerApi.uploadPhoto.path).toBe('/api/yxs-app/believer/uploadPhoto?use=volunteer');
    expect(v.safeParse(volunteerFormSchema(TODAY), good).success).toBe(true);
    expect(volunteerPayload).toBeTypeOf('function');
  });
});
