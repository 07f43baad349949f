import { ORDER_TYPES } from './order-types';
import { RESERVATION_HOLD_DAYS } from './reservation-hold';
import { SEAT_RULES, spokenPosition } from './seats';
import {
  donorNamesRefusal,
  GF_TYPE_TEXT,
  type GfType,
  remarkRefusal,
  STATUE_MESSAGES,
  STATUE_RULES,
  type StatueGroup,
  type StatueItem,
  type StatueLocation,
  type StatueMaterial,
  type StatueOrderRequest,
  statueChoiceRefusal,
  statuePriceOf,
} from './statue';

/**
 * The statue detail form (spec 001 sections 2 and 5): the choices, the judge the statue-order
 * machine runs on 提交 (one message for what is missing, or the draft with the server's price
 * rule), and the order dialog's fields.
 */
export interface StatueForm {
  material: StatueMaterial | null;
  statue: StatueItem | null;
  gfType: GfType | '';
  group: StatueGroup | null;
}
export const emptyStatueForm: StatueForm = { material: null, statue: null, gfType: '', group: null };

export interface StatuePlace {
  location: StatueLocation;
  locationName: string;
}

/**
 * The seat map's area key of a location, material and group (the seat-selection machine's opaque
 * key); none until material and group are both chosen.
 */
export const statueArea = (location: StatueLocation, material: number | null, group: string | null) =>
  material === null || group === null ? null : [location, material, group].join('|');

/** The seats call (getFxPreviewData with material and fxGroup) of an area key. */
export const statueSeatsRequestOf = (area: string) => {
  const [location = '', material = '', ...group] = area.split('|');
  return { location: location as StatueLocation, material, fxGroup: group.join('|') };
};

/** The order without what the order dialog adds (GD_NAMES, REMARK) and the believer's MOBILE. */
export type StatueDraft = Omit<StatueOrderRequest, 'GD_NAMES' | 'REMARK' | 'MOBILE'>;

/** The total (yuan) of the form: the group's price for the term, 0 until both are chosen. */
export const statueTotalOf = (form: StatueForm): number =>
  form.group && form.gfType ? statuePriceOf(form.group, form.gfType) : 0;

/** At 10000 yuan and above a seat is reserved for 7 days and paid at the temple. */
export const isReservationTotal = (yuan: number): boolean => yuan >= SEAT_RULES.reservationFromYuan;

type Judged = { outcome: 'invalid'; error: string } | { outcome: 'valid'; draft: StatueDraft };

/** 提交: material, statue, term and position all chosen (请选择材质类型,佛像类型，期限以及佛像位置). */
export const judgeStatueForm = (place: StatuePlace, form: StatueForm, position: string | null): Judged => {
  const refusal = statueChoiceRefusal({ ...form, position });
  const { material, statue, gfType, group } = form;
  if (refusal || !material || !statue || !gfType || !group || !position)
    return { outcome: 'invalid', error: refusal ?? STATUE_MESSAGES.incomplete };
  return {
    outcome: 'valid',
    draft: {
      type: ORDER_TYPES.statue,
      CHANNEL: STATUE_RULES.channel,
      LOCATION: place.location,
      MATERIAL: material.ID,
      STATUE: statue.ID,
      FX_GROUP: group.FX_GROUP,
      GF_TYPE: gfType,
      POSITION: position,
      GFJ_TOTAL: statuePriceOf(group, gfType),
      FX_CNNAME: statue.NAME,
      FX_MATERIAL_NAME: material.NAME,
      FULL_NAME: `${material.NAME}${statue.NAME}`,
      GF_TYPE_TEXT: GF_TYPE_TEXT[gfType],
      FX_LOCATION_NAME: `${place.locationName}·${group.NAME}`,
      FX_ZB: spokenPosition(position),
    },
  };
};

/** The message beside 提交 of a judged form, none when it passed. */
export const statueFormError = (judged: Judged): string | null =>
  judged.outcome === 'invalid' ? judged.error : null;
/** The draft of a judged form, none when it did not pass. */
export const statueDraftOf = (judged: Judged): StatueDraft | null =>
  judged.outcome === 'valid' ? judged.draft : null;

export type StatueDialogField = 'donor' | 'remark';

/** The order dialog: 功德芳名 (required, 7 Chinese or letters) and 备注 (300). */
export const judgeStatueDialog = (fields: {
  donor: string;
  remark: string;
}): Partial<Record<StatueDialogField, string>> => {
  const errors: Partial<Record<StatueDialogField, string>> = {};
  const donor = donorNamesRefusal(fields.donor);
  if (donor) errors.donor = donor;
  const remark = remarkRefusal(fields.remark);
  if (remark) errors.remark = remark;
  return errors;
};

/** What the 温馨提示 says at 10000 yuan and above (001 section 5). */
export const STATUE_RESERVATION_NOTICE = `功德金达到${SEAT_RULES.reservationFromYuan}元，网上仅支持预定：系统将为您保留该位置${RESERVATION_HOLD_DAYS}天，请于${RESERVATION_HOLD_DAYS}日内前往寺院客堂办理。`;
