/**
 * The modal dialog every feature uses: role="dialog", aria-modal, labelled by
 * its title, Escape and a click outside close it, Tab stays inside, and focus
 * goes back where it was when it closes.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { CloseIcon } from './icons';
import { useT } from '../../lib/i18n/i18n';
import styles from './dialog.module.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** The element to focus when the dialog opens; by default the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Hide the × button when the dialog has its own explicit choices. */
  hideCloseButton?: boolean;
  /** Role "alertdialog" for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Above the wallet's own dialog (RainbowKit's), for a question asked in the middle of its flow. */
  aboveWalletDialog?: boolean;
}

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hasAttribute('inert'));
}

export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  size = 'medium',
  initialFocusRef,
  hideCloseButton,
  role = 'dialog',
  aboveWalletDialog,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const t = useT();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    // The content's first control, not the × button: that is where the user wants to be.
    const target =
      initialFocusRef?.current ??
      (bodyRef.current ? focusableIn(bodyRef.current)[0] : undefined) ??
      (dialog ? focusableIn(dialog)[0] : undefined) ??
      dialog;
    target?.focus();

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
    // Runs once per opening: the initial focus must not jump while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className={aboveWalletDialog ? `${styles.overlay} ${styles.aboveWallet}` : styles.overlay}
      onMouseDown={(event) => {
        // The second press of a double click that opened the dialog is not a click outside (issue 14).
        if (event.target === event.currentTarget && event.detail <= 1) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`${styles.dialog} ${styles[size]}`}
        onKeyDown={handleKeyDown}
      >
        <div className={styles.header}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
          </div>
          {hideCloseButton ? null : (
            <Button
              variant="ghost"
              size="icon"
              className={styles.close}
              aria-label={t('shell.close')}
              onClick={() => onCloseRef.current()}
            >
              <CloseIcon />
            </Button>
          )}
        </div>
        <div ref={bodyRef}>{children}</div>
      </div>
    </div>
  );
}
