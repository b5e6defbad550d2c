import type { ServerFieldsValue } from '@/components/settings/ServerFields';
import { checkServer } from '@/lib/connection/check';
import { loadSettings } from '@/lib/store/settings';
import { serverDraft } from './draft';
import { applyTokenPlace, startConnect } from './save';
import type { FormStatus } from './useFormStatus';
import type { SettingsDraft } from './useSettingsDraft';

/**
 * The Connection section: Connect and Test connection, each reported in the form's status, and its fields'
 * changes (where the token is kept applies at once while the fields hold the saved server).
 */
export function useServerActions(draft: SettingsDraft, form: FormStatus) {
  const { settings, server } = draft;

  // Must stay synchronous up to startConnect/checkServer: they ask for the host permission, which browsers
  // allow only during the click (user gesture).
  const onConnect = (event: Event) => {
    event.preventDefault();
    if (!server) return;
    const connecting = startConnect(server);
    form.busy('Connecting…');
    connecting
      .then(async (report) => {
        draft.resetFrom(await loadSettings());
        form.done('Saved. Pushes now go to this server.', report);
      })
      .catch(form.fail('Not saved'));
  };

  const onTest = () => {
    if (!server) return;
    const check = checkServer(serverDraft(server));
    form.busy('Testing the connection…');
    check.then(
      ({ report }) => form.done('The connection works.', report),
      form.fail('Connection test failed'),
    );
  };

  const onChange = (patch: Partial<ServerFieldsValue>) => {
    draft.changeServer(patch);
    if (patch.tokenPlace && server && settings)
      applyTokenPlace(patch.tokenPlace, server, settings)?.catch(form.fail('Not saved'));
  };

  return { onConnect, onTest, onChange };
}
