import { onAPhone } from '../../../support/phone';
import { paymentView, paymentViewOf } from '../payment.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('payment', paymentView);
// The same paths on a phone: the demo's pay page by a tap, and a WeChat code kept for later.
describeViewPaths('payment', onAPhone(paymentViewOf({ device: { phone: true } })), { column: 'phone' });
describeViewPaths(
  'payment',
  onAPhone(paymentViewOf({ device: { phone: true }, codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' })),
  { column: 'phone', variant: 'a WeChat code, kept for later' },
);
