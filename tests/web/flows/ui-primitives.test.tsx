import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { Button } from '@web/components/ui/button';
import { describe, expect, it } from 'vitest';

const webRoot = join(import.meta.dirname, '..', '..', '..', 'src', 'web');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.(ts|tsx)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

describe('UI primitives', () => {
  it('a Button keeps its variant classes and adds a className given as a function of its state', () => {
    render(
      <Button
        tone="secondary"
        isPending
        className={({ isPending }) => (isPending ? 'extra-pending' : 'extra-idle')}
      >
        保存
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button).toHaveClass('extra-pending', 'border-temple');
    expect(button).not.toHaveClass('extra-idle');
  });

  it('a Button keeps its variant classes and adds a className given as a string', () => {
    render(<Button className="w-36">发送</Button>);
    expect(screen.getByRole('button')).toHaveClass('w-36', 'bg-temple');
  });

  it('the SPA draws colours from the palette tokens: no arbitrary hex colour in a class', () => {
    const offenders = sources(webRoot).filter((file) =>
      /-\[#[0-9a-fA-F]{3,8}\]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
