import { checkoutView } from '../checkout.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('checkout', checkoutView);
