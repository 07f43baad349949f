import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'error';

const tones: Record<NoticeTone, string> = {
  info: 'border-gold bg-gold-pale text-ink',
  error: 'border-temple bg-temple-wash text-temple-dark',
};

/** A notice inside a page or dialog, announced when it appears (why login is asked, a refusal). */
export function Notice({ tone = 'info', children }: { tone?: NoticeTone; children: ReactNode }) {
  return (
    <p role="alert" className={`rounded-md border-l-4 px-4 py-3 text-lg ${tones[tone]}`}>
      {children}
    </p>
  );
}
