import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { focusRing } from './focus-ring';

export type ButtonTone = 'primary' | 'secondary' | 'quiet';
export type ButtonSize = 'md' | 'lg';

export interface ButtonProps extends AriaButtonProps {
  tone?: ButtonTone;
  size?: ButtonSize;
}

// A label never wraps (编/辑): a narrow column or row grows or scrolls around the button instead.
const base =
  'inline-flex cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium tracking-wide transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[pending]:cursor-wait data-[pending]:opacity-70';

const tones: Record<ButtonTone, string> = {
  primary: 'bg-temple text-white data-[hovered]:bg-temple-dark data-[pressed]:bg-temple-dark',
  secondary: 'border-2 border-temple bg-white text-temple data-[hovered]:bg-paper-deep',
  quiet: 'text-temple underline-offset-4 data-[hovered]:underline',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-13 px-8 text-lg max-sm:px-5',
};

/** The classes of a button of this tone and size: links that look like buttons use them too. */
export const buttonClass = ({
  tone = 'primary',
  size = 'md',
}: {
  tone?: ButtonTone;
  size?: ButtonSize;
} = {}) => `${base} ${tones[tone]} ${sizes[size]} ${focusRing}`;

/**
 * Large, high-contrast buttons; a pending button shows 请稍候… and cannot be pressed again.
 * `className` adds to the variant's classes, as a string or as a function of the render props.
 */
export function Button({ tone = 'primary', size = 'md', className, children, ...props }: ButtonProps) {
  const own = buttonClass({ tone, size });
  return (
    <AriaButton
      {...props}
      className={(renderProps) => {
        const extra = typeof className === 'function' ? className(renderProps) : className;
        return extra ? `${own} ${extra}` : own;
      }}
    >
      {(renderProps) => (
        <>
          {renderProps.isPending
            ? '请稍候…'
            : typeof children === 'function'
              ? children(renderProps)
              : children}
        </>
      )}
    </AriaButton>
  );
}
