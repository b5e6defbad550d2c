import { useEffect, useRef, useState } from 'preact/hooks';
import { TrashIcon } from '@/components/icons';
import { t } from '@/lib/i18n';

export interface DeleteSecretProps {
  busy?: boolean;
  onDelete: () => void;
}

/**
 * Deleting is a second thought, never the first button: "Delete this secret" asks first, saying it cannot be
 * undone. Focus lands on Cancel, so a second Enter does not delete.
 */
export function DeleteSecret({ busy, onDelete }: DeleteSecretProps) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        <TrashIcon />
        {t('viewer_delete')}
      </button>
    );
  return (
    <div class="confirm" role="group" aria-labelledby="delete-question">
      <p id="delete-question">
        <strong>{t('viewer_deleteQuestion')}</strong> {t('viewer_deleteWarning')}
      </p>
      <div class="actions">
        <button type="button" class="primary danger" disabled={busy} onClick={onDelete}>
          {busy ? t('viewer_deleting') : t('viewer_deleteConfirm')}
        </button>
        <button type="button" ref={cancel} onClick={() => setAsking(false)}>
          {t('viewer_cancel')}
        </button>
      </div>
    </div>
  );
}
