import type { PayingDevice } from '@machines/payment.machine';
import { isPhone } from '../mobile-redirect';
import { deviceNow } from '../use-mobile-redirect';

/**
 * Where this page is shown, for the checkout (with 提交) and 我的订单's 去支付: the device's own
 * rule, whichever edition the believer chose (a phone on 电脑版 still cannot scan its own screen).
 */
export const payingDevice = (): PayingDevice => ({ phone: isPhone(deviceNow()) });
