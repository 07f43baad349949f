import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webAlone } from '../support/web-alone';

const root = join(import.meta.dirname, '..', '..');

/** Every test file under tests/web. */
const webTests = (dir = join(root, 'tests', 'web')): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? webTests(join(dir, entry.name))
      : /\.test\.tsx?$/.test(entry.name)
        ? [relative(root, join(dir, entry.name))]
        : [],
  );

describe('the web project shares one module graph among its files', () => {
  it('so every web test that replaces a module (vi.mock) runs in web-alone', () => {
    const mocking = webTests().filter((file) =>
      /\bvi\.(do)?mock\(/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !webAlone.includes(file))).toEqual([]);
  });

  it('and web-alone names only files that exist', () => {
    expect(webAlone.filter((file) => !webTests().includes(file))).toEqual([]);
  });
});
