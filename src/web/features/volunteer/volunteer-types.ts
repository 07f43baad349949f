import type {
  VolunteerApplicationEvent,
  volunteerApplicationMachine,
} from '@machines/volunteer-application.machine';
import type { SnapshotFrom } from 'xstate';

export type VolunteerSnapshot = SnapshotFrom<typeof volunteerApplicationMachine>;

/** What each part of the form gets: the machine's snapshot and its send. */
export interface VolunteerSectionProps {
  snapshot: VolunteerSnapshot;
  send: (event: VolunteerApplicationEvent) => void;
}
