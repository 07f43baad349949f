import { VOLUNTEER_MESSAGES, volunteerNameSchema } from '@contract/volunteer';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { buttonClass } from '../../components/ui/button';
import { SuccessMark } from '../../components/ui/success-mark';
import { useSiteConfig } from '../../shared/site-config-query';

/**
 * /volunteer-success?userName=<name> (spec 002 section 2): the thanks, when and how the review
 * answers (SMS and phone, 2-3 working days), 再次申请 back to the form, and the temple's phone and
 * address from its configuration for a question meanwhile. The name shows only if it passes the
 * form's own name rule (anything else in the address is ignored).
 */
export function VolunteerSuccessPage({ userName }: { userName: string | undefined }) {
  const site = useSiteConfig();
  const name = v.safeParse(volunteerNameSchema, userName);
  return (
    <section className="mx-auto flex max-w-page flex-col items-center gap-6 px-6 py-20 text-center">
      <SuccessMark />
      <h1 className="font-serif text-4xl tracking-widest text-temple">{VOLUNTEER_MESSAGES.successTitle}</h1>
      <div className="text-lg leading-8 text-ink">
        {name.success ? <p className="text-xl">{name.output}居士：</p> : null}
        <p>{VOLUNTEER_MESSAGES.successThanks}</p>
        <p>{VOLUNTEER_MESSAGES.successReview}，请保持电话畅通。</p>
      </div>
      <Link to="/guangciVolunteers" className={buttonClass({ size: 'lg' })}>
        {VOLUNTEER_MESSAGES.applyAgain}
      </Link>
      <address className="mt-6 rounded-lg border border-gold/50 bg-white px-10 py-5 text-lg not-italic leading-8 text-ink-soft">
        <p>如有疑问，请联系{site.templeName}</p>
        <p>
          电话：<span className="whitespace-nowrap">{site.phone}</span>　客堂电话：
          <span className="whitespace-nowrap">{site.receptionPhone}</span>
        </p>
        <p>地址：{site.address}</p>
      </address>
    </section>
  );
}
