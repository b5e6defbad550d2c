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
}

/**
 * A modal question before something that cannot be undone. Focus starts on Cancel (the safe choice, as the
 * WAI-ARIA alertdialog pattern advises), Escape cancels, and focus returns to where it was afterwards.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, message, confirmLabel, onConfirm, onCancel } = props;
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    return () => before?.focus?.();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <div class="backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        class="dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id="confirm-title">{title}</h2>
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
      </div>
    </div>
  );
}
