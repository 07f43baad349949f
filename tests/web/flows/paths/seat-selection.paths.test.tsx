import { seatSelectionView } from '../seat-selection.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('seat-selection', seatSelectionView);
