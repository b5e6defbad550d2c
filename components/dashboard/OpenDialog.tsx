import { t } from '@/lib/i18n';
import { pushLabel } from '@/lib/watch/view';
import type { TrackedPush } from '@/lib/watch/types';
import { ConfirmDialog } from './ConfirmDialog';
import { openWarning } from '@/lib/push';

export interface OpenDialogProps {
  /** The push whose page would open; null: no dialog. */
  push: TrackedPush | null;
  /** Why its link may not be opened, in words; then the dialog only says so. */
  problem?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question before opening a push's own page: it says first that doing so uses one of its views. */
export function OpenDialog({ push, problem, onConfirm, onCancel }: OpenDialogProps) {
  if (!push) return null;
  return (
    <ConfirmDialog
      title={t('dash_openTitle', pushLabel(push))}
      message={problem ?? openWarning(push, { previewOffered: true })}
      confirmLabel={problem ? undefined : push.retrieval_step ? t('dash_openPage') : t('dash_openAndUseView')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
