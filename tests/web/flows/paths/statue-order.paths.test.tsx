import { onAPhone } from '../../../support/phone';
import { statueOrderView } from '../statue-order.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('statue-order', statueOrderView);
describeViewPaths('statue-order', onAPhone(statueOrderView), { column: 'phone' });
