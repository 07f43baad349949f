import { tabletBookingView } from '../tablet-booking.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('tablet-booking', tabletBookingView);
