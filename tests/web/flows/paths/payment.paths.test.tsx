import { paymentView, paymentViewOf } from '../payment.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('payment', paymentView);
// The same paths on a phone: the demo's pay page by a tap, and a WeChat code kept for later.
describeViewPaths('payment', paymentViewOf({ device: { phone: true } }), { view: 'phone (demo pay page)' });
describeViewPaths(
  'payment',
  paymentViewOf({ device: { phone: true }, codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' }),
  { view: 'phone (WeChat code)' },
);
