import { meritOrderView } from '../merit-order.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('merit-order', meritOrderView);
