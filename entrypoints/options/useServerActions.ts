import type { ServerFieldsValue } from '@/lib/settings';
import { checkServer } from '@/lib/connection';
import { typedUrl } from '@/lib/settings';
import { applyTokenPlace, startConnect } from './save';
import type { FormStatus } from './useFormStatus';
import type { SettingsDraft } from './useSettingsDraft';
import { t } from '@/lib/i18n';
import { focusFailure, focusServerRow } from './focus';
import { announce } from '@/components/announce';
import { serverName } from '@/lib/settings';

/**
 * The Connection section: Connect and Test connection, each reported in the form's status, and its fields'
 * changes (where the token is kept applies at once while the fields hold the saved server). Any change
 * clears the status line: it spoke of the fields as they were.
 */
export function useServerActions(draft: SettingsDraft, form: FormStatus) {
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
