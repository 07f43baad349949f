import type { PayingDevice } from '@machines/payment.machine';
import { isPhone } from '../mobile-redirect';
import { deviceNow } from '../use-mobile-redirect';
import { phoneChannels } from '../wechat/wechat-arrival';
import { inWechatBrowser } from './wechat-bridge';

/**
 * Where this page is shown, for the checkout (with 提交) and 我的订单's 去支付: the device's own
 * rule, whichever edition the believer chose (a phone on 电脑版 still cannot scan its own screen),
 * and on a phone how it pays here: inside WeChat with this tab's web login, or H5 elsewhere.
 */
export const payingDevice = (): PayingDevice => {
  if (!isPhone(deviceNow())) return { phone: false };
  const { jsapi, h5, visit } = phoneChannels();
  return { phone: true, inWechat: inWechatBrowser(), wechatVisit: visit, jsapi, h5 };
};
