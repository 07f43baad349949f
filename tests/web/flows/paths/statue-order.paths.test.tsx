import { statueOrderView } from '../statue-order.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('statue-order', statueOrderView);
