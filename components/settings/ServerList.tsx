import type { TokenPlace } from '@/lib/store/items';
import { t } from '@/lib/i18n';
import { serverName } from '@/lib/store/rules';

/** One saved server as the list shows it. */
export interface ServerRow {
  url: string;
  isDefault: boolean;
  /** null: no token saved (anonymous pushes). */
  tokenPlace: TokenPlace | null;
}

export interface ServerListProps {
  servers: ServerRow[];
  /** The server the form below edits; null while it adds a new one. */
  editing: string | null;
  busy: boolean;
  onEdit: (url: string) => void;
  onAdd: () => void;
  onMakeDefault: (url: string) => void;
  onRemove: (url: string) => void;
}

function tokenWords(place: TokenPlace | null): string {
  if (place === 'device') return t('servers_tokenDevice');
  return place === 'session' ? t('servers_tokenSession') : t('servers_noToken');
}

/** The saved servers: which is the default, where each token is kept, and what can be done with each. */
export function ServerList(props: ServerListProps) {
  const { servers, editing, busy } = props;
  return (
    <section class="servers" aria-labelledby="servers-title">
      <h2 id="servers-title">{t('servers_title')}</h2>
      <p class="help">{t('servers_help')}</p>
      <ul class="server-list">
        {servers.map((server) => {
          const name = serverName(server.url);
          return (
            <li
              key={server.url}
              class={server.url === editing ? 'server editing' : 'server'}
              aria-label={name}
            >
              <span class="server-name">
                <strong>{name}</strong>
                {server.isDefault && <span class="badge">{t('servers_default')}</span>}
              </span>
              <span class="help">{tokenWords(server.tokenPlace)}</span>
              <span class="server-actions">
                {!server.isDefault && (
                  <button type="button" disabled={busy} onClick={() => props.onMakeDefault(server.url)}>
                    {t('servers_makeDefault')}
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy || server.url === editing}
                  aria-label={t('servers_editNamed', name)}
                  onClick={() => props.onEdit(server.url)}
                >
                  {t('servers_edit')}
                </button>
                <button
                  type="button"
                  class="danger"
                  disabled={busy}
                  aria-label={t('servers_removeNamed', name)}
                  onClick={() => props.onRemove(server.url)}
                >
                  {t('servers_remove')}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <button type="button" disabled={busy || editing === null} onClick={props.onAdd}>
        {t('servers_add')}
      </button>
    </section>
  );
}
