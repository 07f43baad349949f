import { counterPaymentView } from '../../console/counter-payment.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('counter-payment', counterPaymentView);
