import { useEffect, useRef, useState } from 'preact/hooks';
import { TrashIcon } from '@/components/icons/Trash';

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
        Delete this secret
      </button>
    );
  return (
    <div class="confirm" role="group" aria-labelledby="delete-question">
      <p id="delete-question">
        <strong>Delete this secret for everyone?</strong> This can't be undone: nobody can view it again.
      </p>
      <div class="actions">
        <button type="button" class="primary danger" disabled={busy} onClick={onDelete}>
          {busy ? 'Deleting…' : 'Yes, delete it'}
        </button>
        <button type="button" ref={cancel} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
