import { onAPhone } from '../../../support/phone';
import { smsCountdownView } from '../sms-countdown.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('sms-countdown', smsCountdownView);
describeViewPaths('sms-countdown', onAPhone(smsCountdownView), { column: 'phone' });
