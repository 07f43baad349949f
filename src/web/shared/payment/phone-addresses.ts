import { addressIn } from '../edition';

/**
 * The addresses a phone's payment leaves with: 我的订单 in the phone edition (where an unpaid order
 * is continued), WeChat's H5 cashier with its way back there, naming the order so that the page
 * it comes back to asks for it at once.
 */
export const myOrdersUrl = (search = '') =>
  `${window.location.origin}${window.location.pathname}#${addressIn('phone', `/UserCenter${search}`)}`;

/** The link to copy into WeChat: the believer's 我的订单, where they log in and continue the order. */
export const myOrdersLink = () => myOrdersUrl();

/** The search of the page H5 comes back to: the order it was paying. */
export const PAYING_PARAM = 'paying';

/** WeChat's H5 cashier for the order, coming back to 我的订单 (paid or cancelled, the page asks). */
export const h5CashierUrl = (h5Url: string, outTradeNo: string) =>
  `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(
    myOrdersUrl(`?${PAYING_PARAM}=${encodeURIComponent(outTradeNo)}`),
  )}`;
