/** The saved servers on the options page: which one the form edits, the default, and removing one. */
import type { ServerRow } from '@/components/settings/ServerItem';
import type { ServerListProps } from '@/components/settings/ServerList';
import { removeSavedServer } from '@/lib/connection';
import { saveSettings, type Settings } from '@/lib/settings';
import { t } from '@/lib/i18n';
import { announce } from '@/components/announce';
import { serverName } from '@/lib/settings';
import { focusServerRow, focusServers } from './focus';
import type { FormStatus } from './useFormStatus';
import type { SettingsDraft } from './useSettingsDraft';

/** The rows of the list, in the order the servers were added. */
export function serverRows(settings: Settings | null): ServerRow[] {
  return (settings?.servers ?? []).map((server) => ({
    url: server.url,
    isDefault: server.url === settings?.defaultServer,
    tokenPlace: server.token === null ? null : server.tokenPlace,
  }));
}

/** The list's props: its rows, the server being edited, and what each button does. */
export function useServerList(draft: SettingsDraft, form: FormStatus): ServerListProps {
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
