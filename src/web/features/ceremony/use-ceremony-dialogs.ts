import { type ComponentType, useEffect, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { loadOnce } from '../../shared/load-once';
import type { CeremonyDialogsProps } from './ceremony-dialogs';

export const DIALOGS_UNAVAILABLE = '网络异常，预约窗口未能打开，请稍后再试';

type Dialogs = ComponentType<CeremonyDialogsProps>;

/** The dialogs' chunk, once; a failed download (offline, a deploy's new names) is tried again next time. */
const load = loadOnce(() =>
  import('./ceremony-dialogs').then(({ CeremonyDialogs }): Dialogs => CeremonyDialogs),
);

/**
 * 温馨提示, 订单确认 with the entries editor, 预约须知 and the QR: about 25 chunks the first paint
 * (the type's picture) need not wait for. A pointer or the focus on the form starts their download;
 * the machine leaving `editing` (提交) needs them. Needed and not downloadable, the believer is told
 * and 温馨提示 is taken back (the form keeps what was chosen); they stay once shown.
 */
export const useCeremonyDialogs = ({
  needed,
  notice,
  cancelNotice,
}: {
  needed: boolean;
  notice: boolean;
  cancelNotice: () => void;
}) => {
  const [Dialogs, setDialogs] = useState<Dialogs | null>(null);
  useEffect(() => {
    if (!needed || Dialogs) return;
    let live = true;
    load().then(
      (dialogs) => live && setDialogs(() => dialogs),
      () => {
        if (!live) return;
        toast.error(DIALOGS_UNAVAILABLE);
        if (notice) cancelNotice();
      },
    );
    return () => {
      live = false;
    };
  }, [needed, notice, Dialogs, cancelNotice]);
  const prefetch = () => {
    if (!Dialogs)
      load().then(
        (dialogs) => setDialogs(() => dialogs),
        () => undefined,
      );
  };
  return { Dialogs, prefetch };
};
