import { onAPhone } from '../../../support/phone';
import { tabletBookingView } from '../tablet-booking.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('tablet-booking', tabletBookingView);
describeViewPaths('tablet-booking', onAPhone(tabletBookingView), { column: 'phone' });
