import { onAPhone } from '../../../support/phone';
import { membershipJoinView } from '../membership-join.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('membership-join', membershipJoinView);
describeViewPaths('membership-join', onAPhone(membershipJoinView), { column: 'phone' });
