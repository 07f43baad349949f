import { useSyncExternalStore } from 'react';

/**
 * 长辈版 (issue 36; MIIT's 2021 ageing-friendly rules): large text (the root at 22 px, so the
 * main text is at least 18 px and the main controls at least 60 px), line spacing 1.6, and
 * nothing that moves by itself (the carousel stands, the wish wall scrolls by hand). The page
 * reads it from the root's `data-elder` (base.css); the believer's choice is kept in the browser.
 */
export const ELDER_KEY = 'temple.elder';

const listeners = new Set<() => void>();

/** Whether the page shows 长辈版 now. */
export const isElderMode = (): boolean => document.documentElement.hasAttribute('data-elder');

/** The choice kept in this browser (none where storage is refused: the normal view). */
export const rememberedElderMode = (): boolean => {
  try {
    return window.localStorage.getItem(ELDER_KEY) === 'on';
  } catch {
    return false;
  }
};

/** Shows 长辈版 or the normal view at once; `remember`: the believer chose it, for the next visits too. */
export const showElderMode = (on: boolean, { remember }: { remember: boolean }) => {
  document.documentElement.toggleAttribute('data-elder', on);
  if (remember) {
    try {
      if (on) window.localStorage.setItem(ELDER_KEY, 'on');
      else window.localStorage.removeItem(ELDER_KEY);
    } catch {
      // Storage refused (a private window): the choice holds for this page only.
    }
  }
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** 长辈版 on or off, following the switch (the carousel and the wish wall stand still in it). */
export const useElderMode = (): boolean => useSyncExternalStore(subscribe, isElderMode, () => false);
