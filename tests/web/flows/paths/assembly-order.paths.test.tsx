import { assemblyOrderView } from '../assembly-order.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('assembly-order', assemblyOrderView);
