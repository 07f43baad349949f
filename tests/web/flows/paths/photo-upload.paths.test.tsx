import { onAPhone } from '../../../support/phone';
import { photoUploadView } from '../photo-upload.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('photo-upload', photoUploadView);
describeViewPaths('photo-upload', onAPhone(photoUploadView), { column: 'phone' });
