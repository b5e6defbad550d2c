import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  /** Absent: the dialog only informs, and its one button closes it. */
  confirmLabel?: string;
  /** The confirm button's look: 'danger' (default) for what cannot be undone. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
  /** Choices asked with the question (Expire everything's window and server), between it and the buttons. */
  children?: ComponentChildren;
}

/** The dialog's controls, in tab order: Tab from the last goes to the first, Shift+Tab from the first to the last. */
function wrapTab(dialog: HTMLElement, event: KeyboardEvent): void {
  const buttons = [...dialog.querySelectorAll<HTMLElement>('select:not([disabled]), button:not([disabled])')];
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first || !last) return;
  const inside = dialog.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal question before something that cannot be undone: a native `<dialog>` opened with showModal(), so
 * the page behind it is inert (no click, no focus, hidden from screen readers) and Tab stays inside (it wraps
 * from the last button to the first, where the browser would leave for its own toolbar). Focus starts on
 * Cancel (the safe choice, as the WAI-ARIA alertdialog pattern advises), Escape cancels, and focus returns to
 * where it was afterwards.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, message, confirmLabel, onConfirm, onCancel } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // The latest handlers, for the listeners added once below.
  const latest = useRef(onCancel);
  latest.current = onCancel;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const element = dialog.current!;
    element.showModal();
    cancel.current?.focus();
    // Escape is a "cancel" request: answered here, so the dialog closes only by its owner's state.
    const onCancelRequest = (event: Event) => {
      event.preventDefault();
      latest.current();
    };
    element.addEventListener('cancel', onCancelRequest);
    return () => {
      element.removeEventListener('cancel', onCancelRequest);
      // Back to the opener, unless focus has moved on elsewhere since (it is then neither here nor lost).
      const lost = element.contains(document.activeElement) || document.activeElement === document.body;
      if (element.open) element.close();
      if (lost && before?.isConnected && before !== document.body) before.focus();
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Handled before the browser's own close request, which Chrome may let through without a "cancel" event
      // when Escape is pressed twice.
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') wrapTab(event.currentTarget as HTMLElement, event);
  };
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      class="dialog"
      onKeyDown={onKeyDown}
    >
      <h2 id="confirm-title">{title}</h2>
      {props.children}
      <p id="confirm-message">{message}</p>
      <div class="row">
        {confirmLabel && (
          <button type="button" class={props.tone ?? 'danger'} onClick={onConfirm}>
            {confirmLabel}
          </button>
        )}
        <button type="button" ref={cancel} onClick={onCancel}>
          {confirmLabel ? t('dash_cancel') : t('dash_close')}
        </button>
      </div>
    </dialog>
  );
}
