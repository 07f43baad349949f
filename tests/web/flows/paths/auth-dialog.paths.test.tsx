import { authDialogView } from '../auth-dialog.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('auth-dialog', authDialogView);
