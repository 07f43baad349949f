import { onAPhone } from '../../../support/phone';
import { describeViewPaths } from '../view-paths';
import { volunteerApplicationView } from '../volunteer-application.flow';

describeViewPaths('volunteer-application', volunteerApplicationView);
describeViewPaths('volunteer-application', onAPhone(volunteerApplicationView), { column: 'phone' });
