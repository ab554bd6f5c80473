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
export function buttonClassName({ variant = 'primary', size = 'medium', block = false, className }: ButtonStyleOptions = {}): string {
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

export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, block, className })} {...rest} />;
}
