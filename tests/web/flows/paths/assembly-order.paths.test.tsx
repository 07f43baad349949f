import { onAPhone } from '../../../support/phone';
import { assemblyOrderView } from '../assembly-order.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('assembly-order', assemblyOrderView);
describeViewPaths('assembly-order', onAPhone(assemblyOrderView), { column: 'phone' });
