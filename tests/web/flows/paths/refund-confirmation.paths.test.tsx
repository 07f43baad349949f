import { refundConfirmationView } from '../../console/refund-confirmation.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('refund-confirmation', refundConfirmationView);
