import { t } from '@/lib/i18n';
import { serverName } from '@/lib/settings/read';

export interface ServerFilterProps {
  /** The saved servers' base URLs. */
  servers: string[];
  /** '' for every server. */
  value: string;
  onChange: (server: string) => void;
}

/** Narrows the list to one saved server's pushes (shown when several are saved). */
export function ServerFilter({ servers, value, onChange }: ServerFilterProps) {
  return (
    <label class="server-filter">
      {t('servers_filterLabel')}
      <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{t('servers_allServers')}</option>
        {servers.map((url) => (
          <option key={url} value={url}>
            {serverName(url)}
          </option>
        ))}
      </select>
    </label>
  );
}
