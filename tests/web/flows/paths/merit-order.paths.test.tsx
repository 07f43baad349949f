import { onAPhone } from '../../../support/phone';
import { meritOrderView } from '../merit-order.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('merit-order', meritOrderView);
describeViewPaths('merit-order', onAPhone(meritOrderView), { column: 'phone' });
