import type { ServerFieldsValue } from '@/components/settings/ServerFields';
import { checkServer } from '@/lib/connection/check';
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
    // A new server, or the default one, is the one pushes go to; editing another keeps the default as it is.
    const makeDefault = draft.editing === null || draft.editing === settings?.defaultServer;
    const connecting = startConnect(server, makeDefault);
    form.busy(t('options_connecting'));
    connecting
      // "Saved" only once the page shows the saved server: a change made right after it (where the token
      // is kept) applies to that server, not to the fields' state before the save.
      .then((report) => draft.edit(report.baseUrl).then(() => report))
      .then((report) => form.done(makeDefault ? t('options_connected') : t('servers_saved'), report))
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
