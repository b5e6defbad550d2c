import { plural, t } from '@/lib/i18n';
import { pushLabel } from '@/lib/watch/view';
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
      title={one ? t('dash_expireOneTitle', pushLabel(first)) : plural('dash_expireManyTitle', pushes.length)}
      message={t('dash_expireMessage')}
      confirmLabel={one ? t('dash_expireOne') : plural('dash_expireMany', pushes.length)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
