import { photoUploadView } from '../photo-upload.flow';
import { describeViewPaths } from '../view-paths';

describeViewPaths('photo-upload', photoUploadView);
