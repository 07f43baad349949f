import { onAPhone } from '../../../support/phone';
import { enshrinementRenewalView } from '../enshrinement-renewal.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('enshrinement-renewal', enshrinementRenewalView);
describeViewPaths('enshrinement-renewal', onAPhone(enshrinementRenewalView), { column: 'phone' });
