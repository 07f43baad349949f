import { onAPhone } from '../../../support/phone';
import { checkoutView } from '../checkout.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('checkout', checkoutView);
describeViewPaths('checkout', onAPhone(checkoutView), { column: 'phone' });
