import { checkServer } from '@/lib/connection/check';
import { loadSettings } from '@/lib/store/settings';
import { serverDraft } from './draft';
import { startSave } from './save';
import type { FormStatus } from './useFormStatus';
import type { SettingsDraft } from './useSettingsDraft';

/** Save and Test connection, each reported in the form's status. Both run only once the drafts loaded. */
export function useServerActions(draft: SettingsDraft, form: FormStatus) {
  const { settings, server, defaults } = draft;

  // Must stay synchronous up to startSave/checkServer: they ask for the host permission, which browsers
  // allow only during the click (user gesture).
  const onSave = (event: Event) => {
    event.preventDefault();
    if (!settings || !server || !defaults) return;
    let saving: ReturnType<typeof startSave>;
    try {
      saving = startSave({ server, defaults }, settings);
    } catch (error) {
      form.fail('Not saved')(error);
      return;
    }
    form.busy('Saving…');
    saving
      .then(async (report) => {
        draft.resetFrom(await loadSettings());
        form.done(report ? 'Saved. Pushes now go to this server.' : 'Saved.', report);
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

  return { onSave, onTest };
}
