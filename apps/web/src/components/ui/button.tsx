import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'small' | 'medium' | 'large' | 'icon';

interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
}

/** The button look, for links that must look like buttons. */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  block = false,
  className,
}: ButtonStyleOptions = {}): string {
  return [
    styles.button,
    styles[variant],
    size === 'medium' ? undefined : styles[size],
    block ? styles.block : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button acts once per press (issue 14): the second click of a double click
 * is a repeat, not a second action. Without this, a double click on Play Now
 * searches and then cancels (the button has become Cancel under the pointer),
 * and one on Retirer opens the confirmation and closes it. Keyboard presses
 * (detail 0) are not affected; actions that take time also disable their
 * button while in flight.
 */
export function Button({ variant, size, block, className, type = 'button', onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      onClick={(event) => {
        if (event.detail > 1) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    />
  );
}
