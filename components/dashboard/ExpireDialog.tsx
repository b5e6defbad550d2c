import { pushLabel } from '@/lib/watch/label';
import type { TrackedPush } from '@/lib/watch/types';
import { ConfirmDialog } from './ConfirmDialog';

export interface ExpireDialogProps {
  /** The pushes to expire; none: no dialog. */
  pushes: TrackedPush[];
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question before expiring one push or several. */
export function ExpireDialog({ pushes, onConfirm, onCancel }: ExpireDialogProps) {
  const [first] = pushes;
  if (!first) return null;
  const one = pushes.length === 1;
  return (
    <ConfirmDialog
      title={one ? `Expire ${pushLabel(first)}?` : `Expire ${pushes.length} pushes?`}
      message="The link stops working at once for everyone. This cannot be undone."
      confirmLabel={one ? 'Expire push' : `Expire ${pushes.length} pushes`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
