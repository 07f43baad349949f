import { onAPhone } from '../../../support/phone';
import { membershipRenewalView } from '../membership-renewal.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('membership-renewal', membershipRenewalView);
describeViewPaths('membership-renewal', onAPhone(membershipRenewalView), { column: 'phone' });
