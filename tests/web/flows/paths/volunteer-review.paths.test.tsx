import { volunteerReviewView } from '../../console-w2/volunteer-review.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('volunteer-review', volunteerReviewView);
