import { DemoBanner } from '@/components/DemoBanner';
import { ClipboardFields } from '@/components/settings/ClipboardFields';
import { ConnectionStatus } from '@/components/settings/ConnectionStatus';
import { DefaultsFields } from '@/components/settings/DefaultsFields';
import { DemoModeSwitch } from '@/components/settings/DemoModeSwitch';
import { ServerFields } from '@/components/settings/ServerFields';
import { WatchFields } from '@/components/settings/WatchFields';
import { describeError } from '@/lib/api/describe';
import { toAppError } from '@/lib/errors';
import { HOSTED_SERVERS } from '@/lib/store/rules';
import { tokenPageFor } from './draft';
import { useClipboardSetting } from './useClipboardSetting';
import { useDemoToggle } from './useDemoToggle';
import { useFormStatus } from './useFormStatus';
import { useServerActions } from './useServerActions';
import { useSettingsDraft } from './useSettingsDraft';
import { useWatchSettings } from './useWatchSettings';

/**
 * The options page: the saved settings, the form's drafts, Save / Test connection, demo mode, the watcher,
 * the clipboard.
 */
export function App() {
  const form = useFormStatus();
  const draft = useSettingsDraft((error) => form.failed(describeError(toAppError(error))));
  const { onSave, onTest } = useServerActions(draft, form);
  const { demoError, onToggleDemo } = useDemoToggle(draft.setSettings);
  const [watch, changeWatch] = useWatchSettings();
  const clipboard = useClipboardSetting();
  const { settings, server, defaults } = draft;
  const { errors } = form;

  if (!settings || !server || !defaults)
    return (
      <main>
        <h1>Secret Push settings</h1>
        <ConnectionStatus status={form.status} />
      </main>
    );

  const busy = form.status.kind === 'busy';
  return (
    <main>
      <h1>Secret Push settings</h1>
      {settings.demoMode && <DemoBanner />}
      <DemoModeSwitch on={settings.demoMode} error={demoError} onToggle={onToggleDemo} />
      <form onSubmit={onSave} noValidate>
        <ServerFields
          value={server}
          hosted={HOSTED_SERVERS}
          tokenPageUrl={tokenPageFor(server)}
          errors={{ serverUrl: errors.serverUrl, token: errors.token }}
          onChange={draft.changeServer}
        />
        <DefaultsFields
          value={defaults}
          edition={settings.demoMode ? undefined : settings.server?.edition}
          errors={errors}
          onChange={(patch) => draft.setDefaults({ ...defaults, ...patch })}
        />
        <div class="actions">
          <button type="submit" disabled={busy}>
            Save
          </button>
          <button type="button" disabled={busy} onClick={onTest}>
            Test connection
          </button>
        </div>
        <ConnectionStatus status={form.status} />
      </form>
      {watch && <WatchFields value={watch} onChange={changeWatch} />}
      {clipboard.seconds !== null && (
        <ClipboardFields value={clipboard.seconds} error={clipboard.error} onChange={clipboard.change} />
      )}
    </main>
  );
}
