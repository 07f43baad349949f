import * as v from 'valibot';
import { RESERVATION_HOLD_DAYS } from './reservation-hold';

/**
 * Seats on a map (spec 001 sections 2 and 4, 002 sections 3 and 4): the niches of the statue
 * enshrinement and the places of the memorial tablets. A seat's state is derived on the server
 * from the live orders that hold it; the browser adds only 6, the believer's own selection.
 */
export const SEAT_STATUS = {
  /** Closed by the temple (locationOffMap) or not a place at all: 不可选. */
  blocked: 1,
  /** Held by a reservation or an unpaid order: 已预定. */
  reserved: 2,
  /** Paid, the statue or tablet not yet in place: 已售未供. */
  soldNotOffered: 3,
  /** Paid and in place: 已售已供. */
  soldOffered: 4,
  /** Free: 可选. */
  free: 5,
  /** The believer's selection (the browser's only). */
  selected: 6,
} as const;
export type SeatStatus = (typeof SEAT_STATUS)[keyof typeof SEAT_STATUS];
/** The states the server sends (6 is the browser's). */
export const SERVER_SEAT_STATUSES = [1, 2, 3, 4, 5] as const;
export type ServerSeatStatus = (typeof SERVER_SEAT_STATUSES)[number];

/** The legend, in the order the map shows it. */
export const SEAT_LEGEND: readonly { status: SeatStatus; label: string }[] = [
  { status: SEAT_STATUS.blocked, label: '不可选' },
  { status: SEAT_STATUS.free, label: '可选' },
  { status: SEAT_STATUS.soldNotOffered, label: '已售未供' },
  { status: SEAT_STATUS.soldOffered, label: '已售已供' },
  { status: SEAT_STATUS.reserved, label: '已预定' },
  { status: SEAT_STATUS.selected, label: '已选' },
];
export const seatLabel = (status: SeatStatus): string =>
  SEAT_LEGEND.find((l) => l.status === status)?.label ?? '不可选';

export const SEAT_RULES = {
  /**
   * Unpaid seats (statues and tablets together) one believer may hold at once: enough for a
   * family's statue and two tablets, too few to block a map (a hold lasts 15 minutes online and
   * 7 days as a reservation).
   */
  maxUnpaidHolds: 3,
  /** At this total (yuan) and above a seat is reserved (RESERVATION_HOLD_DAYS) and paid at the temple. */
  reservationFromYuan: 10_000,
} as const;

export const SEAT_MESSAGES = {
  taken: '该位置已被选择',
  unknown: '该位置不存在',
  blocked: '该位置暂不开放，请选择其他位置',
  holdCap: `您已有${SEAT_RULES.maxUnpaidHolds}个未完成支付的位置，请先完成支付或等候其释放后再选`,
  /** 002 section 8's words, verbatim (寺庙 as the spec gives it). */
  reserved: `预定成功，系统将为您保留位置${RESERVATION_HOLD_DAYS}天，${RESERVATION_HOLD_DAYS}日内请前往寺庙办理！`,
} as const;

const ANSWER = '座位数据有误';

/** POSITION is row_column, both from 1 (002 section 3). */
export const positionOf = (row: number, col: number) => `${row}_${col}`;
/** A POSITION as the pages, the orders and a screen reader say it: 第3排第12号. */
export const spokenPosition = (position: string): string => {
  const [row, col] = position.split('_');
  return `第${row}排第${col}号`;
};
export const POSITION_PATTERN = /^[1-9]\d{0,2}_[1-9]\d{0,2}$/;

/** A seat of a map as the server sends it. */
export const seatItem = v.object(
  {
    POSITION: v.pipe(v.string(ANSWER), v.regex(POSITION_PATTERN, ANSWER)),
    ROW: v.number(ANSWER),
    COL: v.number(ANSWER),
    PW_STATUS: v.picklist(SERVER_SEAT_STATUSES, ANSWER),
  },
  ANSWER,
);
export type SeatItem = v.InferOutput<typeof seatItem>;

/** A seat map: its size and every seat (a place the map has no seat for is an aisle). */
export const seatMap = v.object(
  { ROWS: v.number(ANSWER), COLS: v.number(ANSWER), seats: v.array(seatItem, ANSWER) },
  ANSWER,
);
export type SeatMap = v.InferOutput<typeof seatMap>;

/** Whether a seat's total (yuan) makes it a 7-day reservation paid at the temple, not an online payment. */
export const isReservationTotal = (yuan: number): boolean => yuan >= SEAT_RULES.reservationFromYuan;

/** Names on tablets and statues: Chinese characters or Latin letters only. */
export const CHINESE_OR_LETTERS = /^[\u4e00-\u9fa5A-Za-z]+$/;
