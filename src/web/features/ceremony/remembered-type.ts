import { FS_TYPES, type FsType } from '@contract/address-keys';

const KEY = 'fsType';

/** Remembered for convenience only (spec 000 section 2): `/ceremonyDetail?id=` alone opens the type. */
export const rememberFsType = (fsType: FsType) => {
  try {
    localStorage.setItem(KEY, fsType);
  } catch {
    // Storage full or refused: the booking page does not need it.
  }
};

/** The type last opened from the list, or null when none (or storage holds something else). */
export const rememberedFsType = (): FsType | null => {
  try {
    const stored = localStorage.getItem(KEY);
    return FS_TYPES.find((fsType) => fsType === stored) ?? null;
  } catch {
    return null;
  }
};
