import { loadOnce } from '@web/shared/load-once';
import { describe, expect, it, vi } from 'vitest';

describe('loadOnce (a lazy chunk’s download)', () => {
  it('downloads once for every caller', async () => {
    const download = vi.fn(async () => 'chunk');
    const load = loadOnce(download);
    expect(load()).toBe(load());
    expect(await load()).toBe('chunk');
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download, and keeps what the retry brought', async () => {
    const download = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk');
    const load = loadOnce(download);
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe('chunk');
    expect(await load()).toBe('chunk');
    expect(download).toHaveBeenCalledTimes(2);
  });
});
