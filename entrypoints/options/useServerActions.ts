import type { ServerFieldsValue } from '@/components/settings/ServerFields';
import { checkServer } from '@/lib/connection/check';
import { loadSettings } from '@/lib/store/settings';
import { serverDraft } from './draft';
import { applyTokenPlace, startConnect } from './save';
import type { FormStatus } from './useFormStatus';
import type { SettingsDraft } from './useSettingsDraft';
import { t } from '@/lib/i18n';

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
    form.busy(t('options_connecting'));
    connecting
      .then(async (report) => {
        draft.resetFrom(await loadSettings());
        form.done(t('options_connected'), report);
      })
      .catch(form.fail(t('options_notSaved')));
  };

  const onTest = () => {
    if (!server) return;
    const check = checkServer(serverDraft(server));
    form.busy(t('options_testing'));
    check.then(
      ({ report }) => form.done(t('options_connectionWorks'), report),
      form.fail(t('options_testFailed')),
    );
  };

  const onChange = (patch: Partial<ServerFieldsValue>) => {
    draft.changeServer(patch);
    if (patch.tokenPlace && server && settings)
      applyTokenPlace(patch.tokenPlace, server, settings)?.catch(form.fail(t('options_notSaved')));
  };

  return { onConnect, onTest, onChange };
}
