import { DEMO_BANNER } from '@contract/site';
import { useSiteConfig } from './site-config-query';

/**
 * While payment and SMS are simulated (the sandbox gateway, the log SMS provider), every page
 * says so above the header, politely and without moving (DESIGN section 5).
 */
export function DemoBanner() {
  const { demo } = useSiteConfig();
  if (!demo) return null;
  return (
    <aside
      aria-label="演示模式"
      className="border-b border-gold bg-gold-pale px-6 py-2 text-center text-base text-ink"
    >
      {DEMO_BANNER}
    </aside>
  );
}
