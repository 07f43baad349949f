import { smsCountdownView } from '../sms-countdown.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('sms-countdown', smsCountdownView);
