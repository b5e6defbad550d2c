/** The saved servers on the options page: which one the form edits, the default, and removing one. */
import type { ServerListProps, ServerRow } from '@/components/settings/ServerList';
import { removeSavedServer } from '@/lib/connection/remove';
import { setDefaultServer } from '@/lib/store/servers';
import { t } from '@/lib/i18n';
import type { FormStatus } from './useFormStatus';
import type { SettingsDraft } from './useSettingsDraft';

/** The rows of the list, in the order the servers were added. */
export function serverRows(settings: SettingsDraft['settings']): ServerRow[] {
  return (settings?.servers ?? []).map((server) => ({
    url: server.url,
    isDefault: server.url === settings?.defaultServer,
    tokenPlace: server.token === null ? null : server.tokenPlace,
  }));
}

/** The list's props: its rows, the server being edited, and what each button does. */
export function useServerList(draft: SettingsDraft, form: FormStatus): ServerListProps {
  return {
    servers: serverRows(draft.settings),
    editing: draft.editing,
    busy: form.status.kind === 'busy',
    onEdit: (url: string) => draft.edit(url),
    onAdd: () => draft.edit(null),
    onMakeDefault: (url: string) => {
      setDefaultServer(url).catch(form.fail(t('options_notSaved')));
    },
    onRemove: (url: string) => {
      removeSavedServer(url)
        .then(() => form.done(t('servers_removed')))
        .catch(form.fail(t('options_notSaved')));
    },
  };
}
