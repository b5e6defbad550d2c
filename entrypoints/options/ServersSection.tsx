/**
 * The options page's Servers section: the saved servers' list (edit, add, Make default, Remove) and the
 * Connection form (Connect, Test connection, Cancel, where the token is kept), what each button does, and
 * where focus goes after it. The server and its token are the page's one explicit step (Connect), since
 * they need a host permission and a connection check; every save goes through lib/settings' one save,
 * which applies the policy to it.
 */
import { useEffect, useRef } from 'preact/hooks';
import { announce } from '@/components/announce';
import { ConnectionStatus } from '@/components/settings/ConnectionStatus';
import { ServerFields } from '@/components/settings/ServerFields';
import type { ServerRow } from '@/components/settings/ServerItem';
import { ServerList, type ServerListProps } from '@/components/settings/ServerList';
import { checkServer, removeSavedServer, saveServer, type ConnectionReport } from '@/lib/connection';
import { t } from '@/lib/i18n';
import {
  fieldsChanged,
  fixedTokenPlace,
  HOSTED_SERVERS,
  NO_POLICY,
  saveSettings,
  serverName,
  serversLocked,
  tokenPageFor,
  typedUrl,
  type ServerFieldsValue,
  type ServerForm,
  type Settings,
  type TokenPlace,
} from '@/lib/settings';
import type { FormStatus } from './useFormStatus';
import type { SettingsDraft } from './useSettingsDraft';

export interface ServersSectionProps {
  draft: SettingsDraft;
  form: FormStatus;
  /** Where the token is kept was just saved. */
  saved: boolean;
}

/**
 * The saved servers and the Connection form: open for a new server or the one being edited, folded into the
 * list otherwise (Connect folds it, the row saying "Saved").
 */
export function ServersSection({ draft, form, saved }: ServersSectionProps) {
  const connection = useServerActions(draft, form);
  const list = useServerList(draft, form);
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

// ---- The list ----

/** The rows of the list, in the order the servers were added. */
function serverRows(settings: Settings | null): ServerRow[] {
  return (settings?.servers ?? []).map((server) => ({
    url: server.url,
    isDefault: server.url === settings?.defaultServer,
    tokenPlace: server.token === null ? null : server.tokenPlace,
  }));
}

/** The list's props: its rows, the server being edited, and what each button does. */
function useServerList(draft: SettingsDraft, form: FormStatus): ServerListProps {
  const open = draft.form?.open === true;
  return {
    servers: serverRows(draft.settings),
    // The form is open on this saved server; undefined: folded; null: it adds a new one.
    editing: open ? (draft.form?.source ?? null) : undefined,
    savedRow: form.status.kind === 'done' ? form.status.row : undefined,
    savedReport: form.status.kind === 'done' ? form.status.report : undefined,
    busy: form.status.kind === 'busy',
    onEdit: (url: string) => {
      form.clear();
      draft.edit(url);
    },
    onAdd: () => {
      form.clear();
      draft.edit(null);
    },
    onMakeDefault: (url: string) => {
      form.clear();
      saveSettings({ type: 'default', url })
        .then(() => {
          announce(t('servers_defaultNow', serverName(url)));
          focusServerRow(url);
        })
        .catch(form.fail(t('options_notSaved')));
    },
    onRemove: (url: string) => {
      form.clear();
      removeSavedServer(url)
        .then(() => {
          form.done(t('servers_removed'));
          focusServers();
        })
        .catch(form.fail(t('options_notSaved')));
    },
  };
}

// ---- The Connection form ----

/**
 * The Connection form's actions: Connect and Test connection, each reported in the form's status, and its fields'
 * changes (where the token is kept applies at once while the fields hold the saved server). Any change
 * clears the status line: it spoke of the fields as they were.
 */
function useServerActions(draft: SettingsDraft, form: FormStatus) {
  const { settings, form: fields } = draft;

  // Must stay synchronous up to startConnect/checkServer: they ask for the host permission, which browsers
  // allow only during the click (user gesture).
  const onConnect = (event: Event) => {
    event.preventDefault();
    if (!fields) return;
    const connecting = startConnect(fields);
    form.busy(t('options_connecting'));
    connecting
      // The form folds into the saved server's row first; then that row, and only it, says "Saved".
      .then((report) =>
        draft.fold(report.baseUrl).then((fresh) => {
          form.savedRow(report.baseUrl, report);
          const isDefault = fresh?.defaultServer === report.baseUrl;
          announce(
            t(isDefault ? 'servers_connectedDefault' : 'servers_connectedOther', serverName(report.baseUrl)),
          );
          focusServerRow(report.baseUrl);
        }),
      )
      .catch((error: unknown) => {
        form.fail(t('options_notSaved'))(error);
        focusFailure();
      });
  };

  const onTest = () => {
    if (!fields) return;
    const { token, tokenPlace } = fields.fields;
    const check = checkServer({ url: typedUrl(fields.fields), token, tokenPlace });
    form.busy(t('options_testing'));
    check.then(
      ({ report }) => form.done(t('options_connectionWorks'), report),
      (error: unknown) => {
        form.fail(t('options_testFailed'))(error);
        focusFailure();
      },
    );
  };

  const onChange = (patch: Partial<ServerFieldsValue>) => {
    form.clear();
    draft.type(patch);
    if (patch.tokenPlace && fields && settings)
      applyTokenPlace(patch.tokenPlace, fields, settings)?.catch(form.fail(t('options_notSaved')));
  };

  const onCancel = () => {
    form.clear();
    void draft.fold(null);
  };

  return { onConnect, onTest, onChange, onCancel };
}

/**
 * Connect: checks the server fields and saves them with their token, leaving demo mode. Synchronous up to
 * the host permission request, which browsers allow only during the click (user gesture): call it straight
 * from the click handler. Any failure rejects, and the saved settings stay as they were.
 */
export function startConnect(form: ServerForm): Promise<ConnectionReport> {
  const { token, tokenPlace } = form.fields;
  return saveServer({ url: typedUrl(form.fields), token, tokenPlace });
}

/**
 * Where the token is kept applies at once while the fields hold their saved server and token (it moves the
 * saved token); while they name another server or token, it waits for Connect, which saves it with them.
 */
export function applyTokenPlace(
  place: TokenPlace,
  form: ServerForm,
  saved: Settings,
): Promise<void> | undefined {
  if (form.source === null || fieldsChanged(form, saved)) return undefined;
  return saveSettings({ type: 'tokenPlace', url: form.source, place });
}

/**
 * Focus on the Connection form's first field when a person opens it (Add a server, Edit), so the keyboard
 * starts where the form is instead of on the page's body. A form already open when the page loads (no
 * server saved yet) keeps the page's own focus: nothing was opened.
 */
function useFocusOnOpen(form: ServerForm | null) {
  const ref = useRef<HTMLFormElement>(null);
  const before = useRef<Pick<ServerForm, 'open' | 'source'> | undefined>(undefined);
  const open = form?.open ?? false;
  const source = form?.source ?? null;
  useEffect(() => {
    if (!form) return; // not read yet
    const was = before.current;
    before.current = { open, source };
    if (!open || !was || (was.open && was.source === source)) return;
    const controls = 'select, input, textarea'; // a selector, not words i18n-ignore
    const fields = ref.current?.querySelectorAll<HTMLInputElement>(controls) ?? [];
    [...fields].find((field) => !field.disabled && field.type !== 'hidden')?.focus();
  }, [form !== null, open, source]);
  return ref;
}

// ---- Where focus goes ----

/*
 * Where focus goes after an action on the saved servers (issue 37): onto what the action produced, never the
 * page's body. Make default takes its own button away, Connect folds the form (its button with it) into the
 * server's row, and Remove takes the whole row: each would leave focus nowhere.
 */

/** How many frames to wait for the element to be drawn (the settings reach the page through storage). */
const FRAMES = 30;

function focusWhenThere(find: () => HTMLElement | null | undefined, frames = FRAMES): void {
  const found = find();
  if (found) found.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenThere(find, frames - 1));
}

/** The saved server `url`'s row in the list. */
function focusServerRow(url: string): void {
  focusWhenThere(() =>
    [...document.querySelectorAll<HTMLElement>('.server-list > li')].find((li) => li.dataset.server === url),
  );
}

/** The list's heading, once a row is gone; the form's first field when no list is left. */
function focusServers(): void {
  focusWhenThere(
    () =>
      document.querySelector<HTMLElement>('#servers-title') ??
      document.querySelector<HTMLElement>('form input:not([type=hidden]), form select'), // i18n-ignore
  );
}

/**
 * After a Connect or Test connection that failed: the field the failure names (aria-invalid), else the form's
 * first button, Connect. Its buttons were disabled while it worked, which leaves focus on the page's body.
 */
function focusFailure(): void {
  focusWhenThere(
    () =>
      document.querySelector<HTMLElement>('form [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('form button[type="submit"]:not(:disabled)'), // i18n-ignore
  );
}
