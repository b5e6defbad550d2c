import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { ConnectionReport } from '@/lib/connection';
import { ServerItem, type ServerRow } from './ServerItem';

export interface ServerListProps {
  servers: ServerRow[];
  /** The saved server the open form edits; null while it adds a new one; undefined while it is folded. */
  editing: string | null | undefined;
  /** The server Connect just saved: its row says "Saved", with what the connection check found. */
  savedRow?: string;
  savedReport?: ConnectionReport;
  busy: boolean;
  onEdit: (url: string) => void;
  onAdd: () => void;
  onMakeDefault: (url: string) => void;
  onRemove: (url: string) => void;
}

/**
 * The saved servers: which is the default, where each token is kept, and what can be done with each.
 * Removing one forgets its token and its followed pushes, so Remove first asks, in the server's own row.
 */
export function ServerList(props: ServerListProps) {
  const { servers, editing, busy } = props;
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <section class="servers" aria-labelledby="servers-title">
      <h2 id="servers-title" tabIndex={-1}>
        {t('servers_title')}
      </h2>
      <p class="help">{t('servers_help')}</p>
      <ul class="server-list">
        {servers.map((server) => (
          <ServerItem
            key={server.url}
            server={server}
            editing={server.url === editing}
            saved={server.url === props.savedRow}
            report={server.url === props.savedRow ? props.savedReport : undefined}
            busy={busy}
            asking={server.url === asking}
            onAsk={(ask) => setAsking(ask ? server.url : null)}
            onEdit={props.onEdit}
            onMakeDefault={props.onMakeDefault}
            onRemove={(url) => {
              setAsking(null);
              props.onRemove(url);
            }}
          />
        ))}
      </ul>
      <button type="button" disabled={busy || editing === null} onClick={props.onAdd}>
        {t('servers_add')}
      </button>
    </section>
  );
}
