import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { focusRing } from './focus-ring';

export interface ButtonProps extends AriaButtonProps {
  tone?: 'primary' | 'secondary' | 'quiet';
  size?: 'md' | 'lg';
}

const tones = {
  primary: 'bg-temple text-white data-[hovered]:bg-temple-dark data-[pressed]:bg-temple-dark',
  secondary: 'border-2 border-temple bg-white text-temple data-[hovered]:bg-paper-deep',
  quiet: 'text-temple underline-offset-4 data-[hovered]:underline',
};

const sizes = { md: 'min-h-11 px-5 text-base', lg: 'min-h-13 px-8 text-lg' };

/** Large, high-contrast buttons; a pending button shows 请稍候… and cannot be pressed again. */
export function Button({ tone = 'primary', size = 'md', className, children, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={`inline-flex cursor-pointer items-center justify-center gap-2 rounded-md font-medium tracking-wide transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[pending]:cursor-wait data-[pending]:opacity-70 ${tones[tone]} ${sizes[size]} ${focusRing} ${typeof className === 'string' ? className : ''}`}
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
