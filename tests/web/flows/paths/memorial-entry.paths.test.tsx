import { onAPhone } from '../../../support/phone';
import { memorialEntryView } from '../memorial-entry.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('memorial-entry', memorialEntryView);
describeViewPaths('memorial-entry', onAPhone(memorialEntryView), { column: 'phone' });
