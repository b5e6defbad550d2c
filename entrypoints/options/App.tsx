import { useEffect, useState } from 'preact/hooks';
import { DemoBanner } from '@/components/DemoBanner';
import { ConnectionStatus, type SettingsStatus } from '@/components/settings/ConnectionStatus';
import { DefaultsFields } from '@/components/settings/DefaultsFields';
import { DemoModeSwitch } from '@/components/settings/DemoModeSwitch';
import { ServerFields, type ServerFieldsValue } from '@/components/settings/ServerFields';
import { WatchFields } from '@/components/settings/WatchFields';
import { describeError } from '@/lib/api';
import { checkServer, saveServer, type ConnectionReport } from '@/lib/connection';
import { toAppError, type AppError, type ErrorCode } from '@/lib/errors';
import { watchSettingsItem, type PushDefaults, type WatchSettings } from '@/lib/store/items';
import { HOSTED_SERVERS, validateDefaults } from '@/lib/store/rules';
import {
  loadSettings,
  saveDefaults,
  setDemoMode,
  setTokenPlace,
  watchSettings,
  type Settings,
} from '@/lib/store/settings';
import { serverChanged, serverDraft, serverFieldsFrom, tokenPageFor } from './draft';

type FieldErrors = Record<string, string>;

/**
 * Words for a failure. Validation errors come from the settings rules, whose messages are already written
 * for people and name the field; every other code goes through describeError, the one place for words.
 */
function explain(error: AppError): string {
  return error.code === 'validation' ? error.message : describeError(error);
}

/** Failures a person fixes in the Server URL field, and those fixed in the API token field. */
const SERVER_URL_CODES = new Set<ErrorCode>([
  'network',
  'timeout',
  'not-secret-push',
  'needs-api-v2',
  'permission-denied',
  'bad-response',
  'http',
]);
const TOKEN_CODES = new Set<ErrorCode>(['token-rejected', 'unauthorized', 'account-restricted']);

/**
 * The words shown next to a field: a validation error's own messages, or the failure's description under
 * the field it is about (the status alert says it too, for the form as a whole).
 */
function fieldMessages(error: AppError): FieldErrors {
  if (error.code === 'validation')
    return Object.fromEntries(
      Object.entries(error.fields ?? {}).map(([field, messages]) => [field, messages[0]!]),
    );
  if (SERVER_URL_CODES.has(error.code)) return { serverUrl: describeError(error) };
  if (TOKEN_CODES.has(error.code)) return { token: describeError(error) };
  return {};
}

/** The options page: loads the settings, keeps the form's drafts, and runs Save / Test connection. */
export function App() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [server, setServer] = useState<ServerFieldsValue | null>(null);
  const [defaults, setDefaults] = useState<PushDefaults | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<SettingsStatus>({ kind: 'idle' });
  const [demoError, setDemoError] = useState<string>();
  // Watcher settings save on change, apart from the Save button: they never need a connection check.
  const [watch, setWatch] = useState<WatchSettings | null>(null);
  useEffect(() => {
    watchSettingsItem.getValue().then(setWatch, (error: unknown) => console.error(error));
    return watchSettingsItem.watch(setWatch);
  }, []);

  const resetFrom = (fresh: Settings) => {
    setSettings(fresh);
    setServer(serverFieldsFrom(fresh));
    setDefaults(fresh.defaults);
  };

  useEffect(() => {
    loadSettings().then(resetFrom, (error: unknown) =>
      setStatus({ kind: 'error', message: describeError(toAppError(error)) }),
    );
    // Other pages may change demo mode; the drafts stay as typed, only the saved view follows.
    return watchSettings(setSettings);
  }, []);

  if (!settings || !server || !defaults)
    return (
      <main>
        <h1>Secret Push settings</h1>
        <ConnectionStatus status={status} />
      </main>
    );

  const fail = (prefix: string) => (error: unknown) => {
    const appError = toAppError(error);
    setErrors(fieldMessages(appError));
    setStatus({ kind: 'error', message: `${prefix}: ${explain(appError)}` });
  };

  // Must stay synchronous up to saveServer/checkServer: they ask for the host permission, which browsers
  // allow only during the click (user gesture).
  const onSave = (event: Event) => {
    event.preventDefault();
    let validDefaults: PushDefaults;
    try {
      validDefaults = validateDefaults(defaults);
    } catch (error) {
      fail('Not saved')(error);
      return;
    }
    const serverStep: Promise<ConnectionReport | undefined> = serverChanged(server, settings)
      ? saveServer(serverDraft(server))
      : server.tokenPlace !== settings.tokenPlace
        ? setTokenPlace(server.tokenPlace).then(() => undefined)
        : Promise.resolve(undefined);
    setErrors({});
    setStatus({ kind: 'busy', message: 'Saving…' });
    serverStep
      .then(async (report) => {
        await saveDefaults(validDefaults);
        resetFrom(await loadSettings());
        setStatus({
          kind: 'done',
          message: report ? 'Saved. Pushes now go to this server.' : 'Saved.',
          report,
        });
      })
      .catch(fail('Not saved'));
  };

  const onTest = () => {
    const check = checkServer(serverDraft(server));
    setErrors({});
    setStatus({ kind: 'busy', message: 'Testing the connection…' });
    check.then(
      ({ report }) => setStatus({ kind: 'done', message: 'The connection works.', report }),
      fail('Connection test failed'),
    );
  };

  const onToggleDemo = (on: boolean) => {
    setDemoError(undefined);
    setDemoMode(on)
      .then(loadSettings)
      .then(setSettings)
      .catch((error: unknown) => setDemoError(explain(toAppError(error))));
  };

  const busy = status.kind === 'busy';
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
          onChange={(patch) => setServer({ ...server, ...patch })}
        />
        <DefaultsFields
          value={defaults}
          edition={settings.demoMode ? undefined : settings.server?.edition}
          errors={errors}
          onChange={(patch) => setDefaults({ ...defaults, ...patch })}
        />
        <div class="actions">
          <button type="submit" disabled={busy}>
            Save
          </button>
          <button type="button" disabled={busy} onClick={onTest}>
            Test connection
          </button>
        </div>
        <ConnectionStatus status={status} />
      </form>
      {watch && (
        <WatchFields
          value={watch}
          onChange={(patch) => {
            const next = { ...watch, ...patch };
            setWatch(next);
            watchSettingsItem.setValue(next).catch((error: unknown) => console.error(error));
          }}
        />
      )}
    </main>
  );
}
