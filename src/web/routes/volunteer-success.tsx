import { volunteerNameSchema } from '@contract/volunteer';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { VolunteerSuccessPage } from '../features/volunteer/volunteer-success-page';

// The applicant's name as the form sent it (the form's own name rule); anything else in the address is ignored.
const search = v.object({
  userName: v.fallback(v.optional(volunteerNameSchema), undefined),
});

export const Route = createFileRoute('/volunteer-success')({
  validateSearch: (input) => v.parse(search, input),
  staticData: { title: '志工申请成功' },
  component: function VolunteerSuccess() {
    return <VolunteerSuccessPage userName={Route.useSearch().userName} />;
  },
});
