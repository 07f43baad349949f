import { membershipJoinView } from '../membership-join.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('membership-join', membershipJoinView);
