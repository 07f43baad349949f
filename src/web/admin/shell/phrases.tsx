import { Fragment } from 'react';

/**
 * Text of phrases joined by a middle dot (法会报名·观音菩萨圣诞法会·延生): a line breaks after a
 * dot, never inside a phrase nor before its dot.
 */
export function Phrases({ text }: { text: string }) {
  const parts = text.split('·');
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order.
        <Fragment key={index}>
          <span className="whitespace-nowrap">
            {part}
            {index < parts.length - 1 ? '·' : ''}
          </span>
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
