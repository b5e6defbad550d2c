import { t } from '@/lib/i18n';
import { serverName } from '@/lib/settings/read';

export interface ServerSwitchProps {
  /** The saved servers' base URLs, in the order they were added. */
  servers: string[];
  /** The one this push goes to. */
  value: string;
  onChange: (url: string) => void;
}

/**
 * The popup header's "to <server>" when several servers are saved: the same words, with the host as a
 * choice, so where this push goes is always read in one place.
 */
export function ServerSwitch({ servers, value, onChange }: ServerSwitchProps) {
  return (
    <label class="destination server-switch">
      {t('servers_to')}{' '}
      <select
        aria-label={t('servers_switchLabel')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {servers.map((url) => (
          <option key={url} value={url}>
            {serverName(url)}
          </option>
        ))}
      </select>
    </label>
  );
}
