import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { VolunteerSuccessPage } from '../features/volunteer/volunteer-success-page';

// The applicant's name as the form sent it; the page shows it only if it passes the form's own name rule.
const search = v.object({
  userName: v.fallback(v.optional(v.string()), undefined),
});

export const Route = createFileRoute('/volunteer-success')({
  validateSearch: (input) => v.parse(search, input),
  staticData: { title: '志工申请成功' },
  component: function VolunteerSuccess() {
    return <VolunteerSuccessPage userName={Route.useSearch().userName} />;
  },
});
