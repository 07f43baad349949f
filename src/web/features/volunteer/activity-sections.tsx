import {
  ANYTIME_LABEL,
  DAILY_PROJECT_OPTIONS,
  EVENT_PROJECT_OPTIONS,
  TALENT_OPTIONS,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@contract/volunteer';
import type { VolunteerFormValues } from '@contract/volunteer-form';
import { useCallback, useMemo } from 'react';
import { TickGroup } from './tick-group';
import type { VolunteerSectionProps } from './volunteer-types';

const ANYTIME = 'anytime';
const DAY_OPTIONS = [
  { value: ANYTIME, label: ANYTIME_LABEL },
  ...WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day] })),
];
const legend = 'mb-4 font-serif text-2xl text-temple';

/**
 * 活动信息 (随时 and the seven days, kept consistent by the machine with the contract's rule),
 * 日常维护, 大型活动 and 技能专长: each a group of checkboxes with its message under it.
 */
export function ActivitySections({ snapshot, send }: VolunteerSectionProps) {
  const { values, errors } = snapshot.context;
  // Stable handlers (send is), so the memoised groups redraw only when their own field changes.
  const edit = useCallback(
    (field: 'PROJECT_HC' | 'PROJECT_HD' | 'TALENTS') => (next: string[]) =>
      send({ type: 'field.edit', patch: { [field]: next } as Partial<VolunteerFormValues> }),
    [send],
  );
  const onDaily = useMemo(() => edit('PROJECT_HC'), [edit]);
  const onEvents = useMemo(() => edit('PROJECT_HD'), [edit]);
  const onTalents = useMemo(() => edit('TALENTS'), [edit]);
  const ticked = [...(values.ANYTIME ? [ANYTIME] : []), ...WEEKDAYS.filter((day) => values.WEEK[day])];
  // The group answers the new list: what changed is 随时 or one day.
  const tickDays = (next: string[]) => {
    if (next.includes(ANYTIME) !== values.ANYTIME) {
      send({ type: 'anytime.tick', ticked: next.includes(ANYTIME) });
      return;
    }
    const day = WEEKDAYS.find((d) => next.includes(d) !== values.WEEK[d]);
    if (day) send({ type: 'weekday.tick', day, ticked: next.includes(day) });
  };
  return (
    <>
      <fieldset className="flex flex-col gap-4">
        <legend className={legend}>活动信息</legend>
        <TickGroup
          field="WEEK"
          label="可参加活动的时间"
          options={DAY_OPTIONS}
          value={ticked}
          onChange={tickDays}
          error={errors.WEEK}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className={legend}>日常维护</legend>
        <TickGroup
          field="PROJECT_HC"
          label="日常维护项目"
          options={DAILY_PROJECT_OPTIONS}
          value={values.PROJECT_HC}
          onChange={onDaily}
          error={errors.PROJECT_HC}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className={legend}>大型活动</legend>
        <TickGroup
          field="PROJECT_HD"
          label="大型活动项目"
          options={EVENT_PROJECT_OPTIONS}
          value={values.PROJECT_HD}
          onChange={onEvents}
          error={errors.PROJECT_HD}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className={legend}>技能专长</legend>
        <TickGroup
          field="TALENTS"
          label="擅长的技能"
          options={TALENT_OPTIONS}
          value={values.TALENTS}
          onChange={onTalents}
          error={errors.TALENTS}
        />
      </fieldset>
    </>
  );
}
