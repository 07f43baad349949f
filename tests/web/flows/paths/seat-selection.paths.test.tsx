import { onAPhone } from '../../../support/phone';
import { seatSelectionView } from '../seat-selection.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('seat-selection', seatSelectionView);
describeViewPaths('seat-selection', onAPhone(seatSelectionView), { column: 'phone' });
