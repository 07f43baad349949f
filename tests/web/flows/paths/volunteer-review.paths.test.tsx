import { volunteerReviewView } from '../../console/volunteer-review.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('volunteer-review', volunteerReviewView);
