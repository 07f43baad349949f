import { paymentView } from '../payment.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('payment', paymentView);
