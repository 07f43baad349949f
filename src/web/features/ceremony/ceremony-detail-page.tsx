import { type CalendarData, CEREMONY_RULES, type CeremonyTypeDetail } from '@contract/ceremony';
import { CEREMONY_FIELDS, type CeremonyForm, emptyCeremonyForm, priceOf } from '@contract/ceremony-form';
import { formatYuan, yuanToFen } from '@contract/money';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { focusFirstError } from '../../components/ui/focus-first-error';
import { LunarCalendar } from '../../shared/lunar-calendar';
import { submitFacts } from '../../shared/ordering/submit-facts';
import { useSiteConfig } from '../../shared/site-config-query';
import { drawnArt, TempleImage } from '../../shared/temple-image';
import { CeremonyChoices } from './ceremony-choices';
import { CEREMONY_IMAGE_SIZES, ceremonyCalendarQuery, monthCalendarRange } from './ceremony-queries';
import { useCeremonyBookingActor } from './use-ceremony-booking-actor';
import { useCeremonyDialogs } from './use-ceremony-dialogs';

/** The calendar data by date ('2026-12-8' and '2026-12-08' alike), for the widget's rules. */
const daysOf = (data: CalendarData | undefined) =>
  new Map((data?.fsDataCcList ?? []).map((d) => [d.DATE_STR.replace(/-(\d)(?=-|$)/g, '-0$1'), d] as const));
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * Booking a single-family ceremony (000 section 2): the tablet type, the tier with its price, the
 * lunar calendar with the server's bookable days and each day's slots, 提交; then the notice, order
 * and reservation dialogs and the deposit's QR. The view keeps what is chosen; the machine judges.
 */
export function CeremonyDetailPage({ detail }: { detail: CeremonyTypeDetail }) {
  const site = useSiteConfig();
  const input = useMemo(() => ({ detail }), [detail]);
  const [form, setForm] = useState<CeremonyForm>(emptyCeremonyForm);
  // The shown month's first day: its calendar range (002's, around that month) is asked for.
  const [month, setMonth] = useState(() => format(new Date(), 'yyyy-MM-01'));
  const [snapshot, send, actor] = useCeremonyBookingActor(input);
  const cancelNotice = useCallback(() => send({ type: 'notice.cancel' }), [send]);
  const { Dialogs, prefetch } = useCeremonyDialogs({
    needed: !snapshot.matches('editing'),
    notice: snapshot.matches('notice'),
    cancelNotice,
  });
  const fields = useRef<HTMLDivElement>(null);
  const { errors } = snapshot.context;
  const calendar = useQuery(ceremonyCalendarQuery(monthCalendarRange(month)));
  const days = useMemo(() => daysOf(calendar.data), [calendar.data]);
  const slots = useMemo(
    () => Object.fromEntries([...days].filter(([, d]) => d.BOOKABLE).map(([date, d]) => [date, d.TIME_MAP])),
    [days],
  );
  const price = priceOf(detail, form);

  const change = (next: CeremonyForm, field: (typeof CEREMONY_FIELDS)[number]) => {
    setForm(next);
    if (errors[field]) send({ type: 'form.edit', field });
  };
  const submit = () => {
    send({ type: 'order.submit', form, ...submitFacts() });
    focusFirstError(fields.current, actor.getSnapshot().context.errors, CEREMONY_FIELDS);
  };

  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-6 pb-10">
      <header className="grid gap-6 md:grid-cols-[18rem_1fr]">
        <TempleImage
          src={detail.IMAGE}
          fallback={drawnArt('lotus', detail.FS_NAME)}
          alt=""
          priority
          sizes={CEREMONY_IMAGE_SIZES}
          className="aspect-[8/5] w-full rounded-lg border border-gold/40 object-cover"
        />
        <div className="flex flex-col gap-3">
          <h1 className="font-serif text-3xl tracking-widest text-temple">{detail.FS_NAME}</h1>
          <p className="text-lg leading-8 text-ink-soft">{detail.PARTICULARS}</p>
          <p className="rounded-md bg-paper-deep px-5 py-3 text-base text-ink-soft">
            网上预约缴纳定金 {formatYuan(yuanToFen(CEREMONY_RULES.money))}，余款到寺院客堂缴纳。咨询电话：
            {site.receptionPhone}
          </p>
        </div>
      </header>
      <section
        aria-label="预约佛事"
        ref={fields}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className="flex flex-col gap-6 rounded-lg border border-gold/40 bg-white p-5 sm:p-7"
      >
        <CeremonyChoices detail={detail} form={form} errors={errors} onChange={change} />
        <div data-field="time" className="flex flex-col gap-3">
          <h2 className="text-lg font-medium text-ink">日期与时段</h2>
          <p className="text-base text-ink-soft">
            灰色日期不可预约（{CEREMONY_RULES.closedDays}
            天内、农历初一和十五、法会期间）；选好日期后请选择时段。
          </p>
          {errors.time && (
            <p role="alert" className="text-lg text-temple-dark">
              {errors.time}
            </p>
          )}
          {calendar.isError && (
            <p role="alert" className="text-lg text-temple-dark">
              日历数据加载失败，请稍后刷新页面重试。
            </p>
          )}
          <LunarCalendar
            label="选择佛事日期"
            value={form.date}
            // Another date empties the slot; 请选择时间 stays until a slot is picked.
            onChange={(date) => setForm({ ...form, date, time: null })}
            onMonthChange={(first) => setMonth(monthStart(first))}
            isDateDisabled={(date) => !days.get(date)?.BOOKABLE}
            disabledReason={(date) => days.get(date)?.REFUSAL ?? (calendar.isPending ? '正在加载' : null)}
            slots={slots}
            slot={form.time}
            onSlot={({ date, time }) => change({ ...form, date, time }, 'time')}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-gold/30 pt-5">
          <p className="text-lg">
            {form.date && form.time ? `已选：${form.date} ${form.time}　` : ''}
            佛事金额：
            <span className="text-3xl font-bold text-temple">
              {price === null ? '—' : formatYuan(yuanToFen(price))}
            </span>
          </p>
          <Button size="lg" onPress={submit} isDisabled={!snapshot.matches('editing')}>
            提交
          </Button>
        </div>
      </section>

      {Dialogs && <Dialogs snapshot={snapshot} send={send} />}
    </div>
  );
}
