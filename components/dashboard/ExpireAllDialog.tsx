import { serverNames } from '@/components/expire-all/words';
import { plural, t } from '@/lib/i18n';
import { ServerSelect } from './ServerFilter';
import type { ExpireScope, ExpireWindow } from '@/lib/expire-all';
import { ConfirmDialog } from './ConfirmDialog';

const WINDOW_WORDS = {
  hour: 'expireAll_windowHour',
  today: 'expireAll_windowToday',
  all: 'expireAll_windowAll',
} as const;

export interface ExpireAllDialogProps {
  scope: ExpireScope;
  /** The saved servers' base URLs to choose from; fewer than two: no choice of server is shown. */
  servers: string[];
  /** How many pushes the scope names now, and their servers' base URLs. */
  count: number;
  countServers: string[];
  onChange: (scope: ExpireScope) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The question before Expire everything: how far back and which server, then what that expires (how many
 * pushes, on which servers), the page's confirm dialog around it. Nothing to expire: the dialog only says so.
 */
export function ExpireAllDialog({ scope, servers, count, countServers, ...on }: ExpireAllDialogProps) {
  return (
    <ConfirmDialog
      title={t('expireAll_title')}
      message={count > 0 ? plural('expireAll_count', count, serverNames(countServers)) : t('expireAll_none')}
      confirmLabel={count > 0 ? plural('dash_expireMany', count) : undefined}
      onConfirm={on.onConfirm}
      onCancel={on.onCancel}
    >
      <div class="expire-all-choices">
        <label>
          {t('expireAll_window')}
          <select
            value={scope.window}
            onChange={(e) => on.onChange({ ...scope, window: e.currentTarget.value as ExpireWindow })}
          >
            {(Object.keys(WINDOW_WORDS) as ExpireWindow[]).map((window) => (
              <option key={window} value={window}>
                {t(WINDOW_WORDS[window])}
              </option>
            ))}
          </select>
        </label>
        {servers.length > 1 && (
          <label>
            {t('expireAll_server')}
            <ServerSelect
              servers={servers}
              value={scope.servers?.[0] ?? ''}
              onChange={(chosen) => on.onChange({ ...scope, servers: chosen ? [chosen] : null })}
              all={t('expireAll_allServers')}
            />
          </label>
        )}
      </div>
    </ConfirmDialog>
  );
}
