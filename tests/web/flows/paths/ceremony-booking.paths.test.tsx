import { onAPhone } from '../../../support/phone';
import { ceremonyBookingView } from '../ceremony-booking.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('ceremony-booking', ceremonyBookingView);
describeViewPaths('ceremony-booking', onAPhone(ceremonyBookingView), { column: 'phone' });
