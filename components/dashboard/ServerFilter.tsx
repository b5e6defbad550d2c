import { t } from '@/lib/i18n';
import { serverName } from '@/lib/settings/read';

export interface ServerFilterProps {
  /** The saved servers' base URLs. */
  servers: string[];
  /** '' for every server. */
  value: string;
  onChange: (server: string) => void;
}

/**
 * One of the saved servers, or every one (`''`, worded `all`), by name: the list's filter and Expire
 * everything's choice of server, inside their own labels.
 */
export function ServerSelect({ servers, value, onChange, all }: ServerFilterProps & { all: string }) {
  return (
    <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value="">{all}</option>
      {servers.map((url) => (
        <option key={url} value={url}>
          {serverName(url)}
        </option>
      ))}
    </select>
  );
}

/** Narrows the list to one saved server's pushes (shown when several are saved). */
export function ServerFilter(props: ServerFilterProps) {
  return (
    <label class="server-filter">
      {t('servers_filterLabel')}
      <ServerSelect {...props} all={t('servers_allServers')} />
    </label>
  );
}
