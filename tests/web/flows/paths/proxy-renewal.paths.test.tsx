import { onAPhone } from '../../../support/phone';
import { proxyRenewalView } from '../proxy-renewal.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('proxy-renewal', proxyRenewalView);
describeViewPaths('proxy-renewal', onAPhone(proxyRenewalView), { column: 'phone' });
