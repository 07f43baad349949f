import { membershipRenewalView } from '../membership-renewal.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('membership-renewal', membershipRenewalView);
