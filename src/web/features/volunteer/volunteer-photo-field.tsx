import { PhotoField } from '../../shared/photo-upload/photo-field';
import type { VolunteerSectionProps } from './volunteer-types';

/**
 * 照片: the shared photo field on the application's invoked photo upload (the volunteer rules:
 * type, over 120 KB, at most 5 MB, stated in the hint). The form holds the URL and the message
 * beside the field; while the application is sent there is no upload to choose with.
 */
export function VolunteerPhotoField({ snapshot }: Pick<VolunteerSectionProps, 'snapshot'>) {
  const { values, errors } = snapshot.context;
  return (
    <div data-field="PHOTO" className="md:col-span-2">
      <PhotoField
        photo={snapshot.children.photoUpload}
        use="volunteer"
        label="照片"
        value={values.PHOTO}
        errorMessage={errors.PHOTO}
        isDisabled={snapshot.hasTag('busy')}
        previewName="志工照片预览"
        portrait
      />
    </div>
  );
}
