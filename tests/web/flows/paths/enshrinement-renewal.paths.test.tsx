import { enshrinementRenewalView } from '../enshrinement-renewal.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('enshrinement-renewal', enshrinementRenewalView);
