import { PW_TYPES, type PwType } from '@contract/address-keys';

const KEY = 'pwType';

/** Remembered for convenience only: `/consecrateDetail` alone opens the type last chosen. */
export const rememberPwType = (pwType: PwType) => {
  try {
    localStorage.setItem(KEY, pwType);
  } catch {
    // Storage full or refused: the selection page does not need it.
  }
};

/** The type last opened from the list, or null when none (or storage holds something else). */
export const rememberedPwType = (): PwType | null => {
  try {
    const stored = localStorage.getItem(KEY);
    return PW_TYPES.find((pwType) => pwType === stored) ?? null;
  } catch {
    return null;
  }
};
