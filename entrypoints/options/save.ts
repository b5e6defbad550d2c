/**
 * Save on the options page: everything the form changed, checked first, then written at once
 * (lib/store/save.ts saveSettings), so a refused Save leaves the saved settings as they were.
 */
import type { ServerFieldsValue } from '@/components/settings/ServerFields';
import { saveServer, type ConnectionReport } from '@/lib/connection/check';
import type { PushDefaults } from '@/lib/store/items';
import { validateDefaults } from '@/lib/store/defaults';
import { saveSettings, setTokenPlace } from '@/lib/store/save';
import type { Settings } from '@/lib/store/settings';
import { serverChanged, serverDraft } from './draft';

/**
 * Starts saving the form over the saved settings. Synchronous up to the host permission request, which
 * browsers allow only during the click (user gesture): call it straight from the click handler. Defaults
 * out of range throw here, before anything starts (AppError 'validation'). Resolves with the connection
 * report when a new server was checked and saved.
 */
export function startSave(
  form: { server: ServerFieldsValue; defaults: PushDefaults },
  saved: Settings,
): Promise<ConnectionReport | undefined> {
  const defaults = validateDefaults(form.defaults);
  if (serverChanged(form.server, saved)) return saveServer(serverDraft(form.server), { defaults });
  const done = () => undefined;
  if (form.server.tokenPlace !== saved.tokenPlace)
    return setTokenPlace(form.server.tokenPlace, { defaults }).then(done);
  return saveSettings({ defaults }).then(done);
}
