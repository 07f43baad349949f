import { onAPhone } from '../../../support/phone';
import { authDialogView } from '../auth-dialog.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('auth-dialog', authDialogView);
describeViewPaths('auth-dialog', onAPhone(authDialogView), { column: 'phone' });
