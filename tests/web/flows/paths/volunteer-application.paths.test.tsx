import { describeViewPaths } from '../view-paths';
import { volunteerApplicationView } from '../volunteer-application.flow';

describeViewPaths('volunteer-application', volunteerApplicationView);
