import { memorialEntryView } from '../memorial-entry.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('memorial-entry', memorialEntryView);
