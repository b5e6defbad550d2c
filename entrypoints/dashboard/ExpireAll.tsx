/**
 * Expire everything in the dashboard's toolbar (issue 39 §3): its button, the question it asks, and the
 * background's run (progress, then the result) on a line of its own below the toolbar.
 */
import { ExpireAllDialog } from '@/components/dashboard/ExpireAllDialog';
import { ExpireAllStatus } from '@/components/expire-all/ExpireAllStatus';
import { t } from '@/lib/i18n';
import type { TrackedPush } from '@/lib/watch/types';
import { useExpireAll } from './useExpireAll';

export interface ExpireAllToolsProps {
  /** The pushes the page lists (the question counts among them), and whether that is all of them yet. */
  pushes: TrackedPush[];
  whole: boolean;
  /** The saved servers to choose from (none when only one is followed). */
  servers: string[];
}

export function ExpireAllTools({ pushes, whole, servers }: ExpireAllToolsProps) {
  const expireAll = useExpireAll(pushes);
  const opener = () => document.getElementById('expire-all-open');
  return (
    <>
      {/* Held back until the list is read whole: the question would count the first screen's pushes only. */}
      <button type="button" id="expire-all-open" class="danger" disabled={!whole} onClick={expireAll.ask}>
        {t('expireAll_open')}
      </button>
      <ExpireAllStatus
        run={expireAll.run}
        onDismiss={() => {
          expireAll.dismiss();
          opener()?.focus();
        }}
      />
      {expireAll.asked && (
        <ExpireAllDialog
          scope={expireAll.asked}
          servers={servers}
          count={expireAll.count}
          countServers={expireAll.countServers}
          onChange={expireAll.change}
          onConfirm={expireAll.confirm}
          onCancel={expireAll.cancel}
        />
      )}
    </>
  );
}
