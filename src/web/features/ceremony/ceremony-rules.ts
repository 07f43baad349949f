import { CEREMONY_RULES } from '@contract/ceremony';

/** 佛事预约须知: the temple's booking rules, shown from the order dialog's agreement. */
export const CEREMONY_BOOKING_RULES = [
  `网上预约需缴纳定金${CEREMONY_RULES.money}元，余款请于${CEREMONY_RULES.comeWithinDays}日内到寺院客堂缴纳。`,
  `定金支付成功后，寺院为您保留所选日期与时段${CEREMONY_RULES.comeWithinDays}天；逾期未到寺院办理，预约将被取消。`,
  '佛事类型、牌位类型、日期与时段一经预约不可在网上修改；如需更改，请致电或亲临寺院客堂。',
  '牌位书写以实际打印为准，请仔细核对明细信息中的姓名与日期。',
  '佛事当日请提前到寺院客堂报到，衣着整洁、言行如仪，遵守寺院规约。',
] as const;
