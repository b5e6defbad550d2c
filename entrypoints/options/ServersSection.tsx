import { ConnectionStatus } from '@/components/settings/ConnectionStatus';
import { ServerFields } from '@/components/settings/ServerFields';
import { ServerList, type ServerListProps } from '@/components/settings/ServerList';
import { fixedTokenPlace, HOSTED_SERVERS, NO_POLICY, serversLocked, tokenPageFor } from '@/lib/settings';
import { t } from '@/lib/i18n';
import type { FormStatus } from './useFormStatus';
import type { useServerActions } from './useServerActions';
import type { SettingsDraft } from './useSettingsDraft';
import { useFocusOnOpen } from './useFocusOnOpen';

export interface ServersSectionProps {
  draft: SettingsDraft;
  form: FormStatus;
  list: ServerListProps;
  connection: ReturnType<typeof useServerActions>;
  /** Where the token is kept was just saved. */
  saved: boolean;
}

/**
 * The saved servers and the Connection form: open for a new server or the one being edited, folded into the
 * list otherwise (Connect folds it, the row saying "Saved").
 */
export function ServersSection({ draft, form, list, connection, saved }: ServersSectionProps) {
  const server = draft.form;
  const formRef = useFocusOnOpen(server);
  if (!server) return null;
  const { policy } = draft.read?.policy ?? NO_POLICY;
  const busy = form.status.kind === 'busy';
  const locked = serversLocked(policy);
  return (
    <>
      {/* An organization that locks the server also keeps the list: nothing to add, remove or switch. */}
      {(list.servers.length > 0 || !server.open) && !locked && <ServerList {...list} />}
      {server.open && (
        <form ref={formRef} onSubmit={connection.onConnect} noValidate>
          <ServerFields
            value={server.fields}
            hosted={HOSTED_SERVERS}
            tokenPageUrl={tokenPageFor(server.fields)}
            errors={{ serverUrl: form.errors.serverUrl, token: form.errors.token }}
            onChange={connection.onChange}
            saved={saved}
            locked={{ server: locked, tokenPlace: fixedTokenPlace(policy) !== undefined }}
          >
            <div class="actions">
              <button type="submit" disabled={busy}>
                {t('options_connect')}
              </button>
              <button type="button" disabled={busy} onClick={connection.onTest}>
                {t('options_testConnection')}
              </button>
              {/* With servers saved the form can fold again, nothing saved: the list is where they are. */}
              {list.servers.length > 0 && !locked && (
                <button type="button" disabled={busy} onClick={connection.onCancel}>
                  {t('options_cancelEdit')}
                </button>
              )}
            </div>
            <ConnectionStatus status={form.status} />
          </ServerFields>
        </form>
      )}
      {/* Folded: the outcome of a list action (Remove, a failed Make default), but not Connect's: its row says it. */}
      {!server.open && !(form.status.kind === 'done' && form.status.row) && (
        <ConnectionStatus status={form.status} />
      )}
    </>
  );
}
