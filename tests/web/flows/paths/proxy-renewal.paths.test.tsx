import { proxyRenewalView } from '../proxy-renewal.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('proxy-renewal', proxyRenewalView);
