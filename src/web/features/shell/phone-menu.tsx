import { type ComponentType, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { loadOnce } from '../../shared/load-once';
import type { PhoneMenuSheetProps } from './phone-menu-sheet';

export const MENU_UNAVAILABLE = '网络异常，菜单未能打开，请稍后再试';

type Sheet = ComponentType<PhoneMenuSheetProps>;

/** The sheet's code, once; a failed download is tried again at the next press. */
const load = loadOnce(() => import('./phone-menu-sheet').then(({ PhoneMenuSheet }): Sheet => PhoneMenuSheet));

/**
 * 菜单 on a screen narrower than the menu bar (a phone, a tablet, a small laptop): the button
 * opens the whole menu, with the account, as a full-screen sheet. The sheet's code (React Aria's
 * modal) downloads on the first press, not with every page.
 */
export function PhoneMenu() {
  const [Sheet, setSheet] = useState<Sheet | null>(null);
  const [open, setOpen] = useState(false);
  const [loadingSheet, setLoadingSheet] = useState(false);
  const openSheet = () => {
    setLoadingSheet(true);
    load().then(
      (sheet) => {
        setSheet(() => sheet);
        setOpen(true);
        setLoadingSheet(false);
      },
      () => {
        setLoadingSheet(false);
        toast.error(MENU_UNAVAILABLE);
      },
    );
  };
  return (
    <>
      <Button
        tone="secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        isPending={loadingSheet}
        onHoverStart={() => void load().catch(() => undefined)}
        onPress={openSheet}
      >
        菜单
      </Button>
      {Sheet && <Sheet isOpen={open} onClose={() => setOpen(false)} />}
    </>
  );
}
