import type { ReactNode } from 'react';

export type BadgeTone = 'grey' | 'red' | 'green' | 'blue';

const tones: Record<BadgeTone, string> = {
  grey: 'bg-gray-100 text-gray-700 border-gray-300',
  red: 'bg-temple-wash text-temple border-temple/40',
  green: 'bg-green-50 text-green-800 border-green-300',
  blue: 'bg-blue-50 text-blue-800 border-blue-300',
};

/** A status as a coloured pill; the text says it, the colour only repeats it. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={`inline-block rounded-full border px-3 py-0.5 text-base ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
