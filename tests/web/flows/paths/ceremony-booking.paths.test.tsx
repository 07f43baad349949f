import { ceremonyBookingView } from '../ceremony-booking.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('ceremony-booking', ceremonyBookingView);
