import { strongPassword } from '@web/admin/screens/staff/strong-password';
import { describe, expect, it, vi } from 'vitest';

describe('the generated initial password', () => {
  it('is 16 characters from the CSPRNG, none of them easily mistaken (0/O, 1/l/I)', () => {
    const random = vi.spyOn(crypto, 'getRandomValues');
    const passwords = Array.from({ length: 200 }, () => strongPassword());
    expect(random).toHaveBeenCalled();
    for (const password of passwords) expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9\-_.!@#%+=]{16}$/);
    expect(new Set(passwords).size).toBe(200);
    random.mockRestore();
  });

  it('draws again for a byte beyond the last whole round of the alphabet (no bias)', () => {
    const bytes = [255, 254, 0, 1];
    const random = vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      view.fill(0);
      view.set(bytes.splice(0, view.length));
      return array;
    });
    // 255 and 254 are beyond 256 - 256 % 66 = 198 and are passed over; 0 and 1 are 'A' and 'B'.
    expect(strongPassword(4)).toBe('ABAA');
    random.mockRestore();
  });
});
