import { useEffect, useRef } from 'preact/hooks';
import { CheckIcon } from '@/components/icons';
import type { ConnectionReport } from '@/lib/connection';
import { ConnectionFacts } from './ConnectionStatus';
import type { TokenPlace } from '@/lib/settings';
import { t } from '@/lib/i18n';
import { serverName } from '@/lib/settings';

/** One saved server as its row shows it; the list is a list of these. */
export interface ServerRow {
  url: string;
  isDefault: boolean;
  /** null: no token saved (anonymous pushes). */
  tokenPlace: TokenPlace | null;
}

export interface ServerItemProps {
  server: ServerRow;
  /** The form below edits this server. */
  editing: boolean;
  /** Connect just saved this server (the form folded into this row). */
  saved?: boolean;
  /** What Connect's check found: server, edition and version, token. */
  report?: ConnectionReport;
  busy: boolean;
  /** Remove was pressed: the row asks before anything is removed. */
  asking: boolean;
  onAsk: (ask: boolean) => void;
  onEdit: (url: string) => void;
  onMakeDefault: (url: string) => void;
  onRemove: (url: string) => void;
}

function tokenWords(place: TokenPlace | null): string {
  if (place === 'device') return t('servers_tokenDevice');
  return place === 'session' ? t('servers_tokenSession') : t('servers_noToken');
}

/**
 * The question in place of the row's buttons. Focus goes to "Keep it", the safe answer (as the viewer's and
 * the dashboard's questions do), so a second Enter after Remove keeps the server; it returns to Remove when
 * the question closes.
 */
function RemoveQuestion({ name, onAnswer }: { name: string; onAnswer: (remove: boolean) => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <span
      class="server-question"
      role="group"
      aria-labelledby={`ask-${name}`}
      onKeyDown={(event) => event.key === 'Escape' && onAnswer(false)}
    >
      <span id={`ask-${name}`}>{t('servers_removeAsk', name)}</span>
      <span class="server-actions">
        <button type="button" class="danger" onClick={() => onAnswer(true)}>
          {t('servers_removeConfirm')}
        </button>
        <button type="button" ref={keep} onClick={() => onAnswer(false)}>
          {t('servers_removeKeep')}
        </button>
      </span>
    </span>
  );
}

/** One saved server: its name, whether it is the default, where its token is kept, and its buttons. */
export function ServerItem(props: ServerItemProps) {
  const { server, editing, busy, asking } = props;
  const name = serverName(server.url);
  const remove = useRef<HTMLButtonElement>(null);
  const answer = (yes: boolean) => {
    props.onAsk(false);
    if (yes) props.onRemove(server.url);
    // Kept: focus returns to the button that asked, not to the top of the page.
    else setTimeout(() => remove.current?.focus());
  };
  return (
    // Focusable by script only: where Connect or Make default puts focus (options/ServersSection.tsx).
    <li
      class={editing ? 'server editing' : 'server'}
      aria-label={name}
      tabIndex={-1}
      data-server={server.url}
    >
      <span class="server-name">
        <strong>{name}</strong>
        {server.isDefault && <span class="badge">{t('servers_default')}</span>}
      </span>
      <span class="help">{tokenWords(server.tokenPlace)}</span>
      {props.saved && (
        <span class="server-saved">
          <CheckIcon size={14} />
          {t(server.isDefault ? 'options_connected' : 'servers_saved')}
        </span>
      )}
      {props.saved && props.report && <ConnectionFacts report={props.report} />}
      {asking ? (
        <RemoveQuestion name={name} onAnswer={answer} />
      ) : (
        <span class="server-actions">
          {!server.isDefault && (
            <button type="button" disabled={busy} onClick={() => props.onMakeDefault(server.url)}>
              {t('servers_makeDefault')}
            </button>
          )}
          <button
            type="button"
            disabled={busy || editing}
            aria-label={t('servers_editNamed', name)}
            onClick={() => props.onEdit(server.url)}
          >
            {t('servers_edit')}
          </button>
          <button
            type="button"
            class="danger"
            ref={remove}
            disabled={busy}
            aria-label={t('servers_removeNamed', name)}
            onClick={() => props.onAsk(true)}
          >
            {t('servers_remove')}
          </button>
        </span>
      )}
    </li>
  );
}
