import { useRouter } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { focusRing } from '../../components/ui/focus-ring';
import type { Edition } from '../../router-context';
import { showEdition, useEdition } from '../../shared/edition';

const OTHER: Record<Edition, { edition: Edition; label: string }> = {
  phone: { edition: 'desktop', label: '电脑版' },
  desktop: { edition: 'phone', label: '手机版' },
};

/**
 * 手机版 / 电脑版 (a choice beyond the spec, docs/architecture.md): the same page in the other
 * edition, remembered in this browser over the device's rule.
 */
export function EditionSwitch() {
  const edition = useEdition();
  const router = useRouter();
  const other = OTHER[edition];
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-base text-paper/85">
      <span>当前为{OTHER[other.edition].label}</span>
      <Button
        onPress={() => showEdition(other.edition, router.state.location.href, { remembered: true })}
        className={`min-h-11 rounded px-3 underline underline-offset-4 hover:text-gold-light ${focusRing}`}
      >
        切换到{other.label}
      </Button>
    </p>
  );
}
