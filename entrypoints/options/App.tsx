import { DemoBanner } from '@/components/DemoBanner';
import { ClipboardFields } from '@/components/settings/ClipboardFields';
import { ConnectionStatus } from '@/components/settings/ConnectionStatus';
import { DefaultsFields } from '@/components/settings/DefaultsFields';
import { PolicyNotice } from '@/components/settings/PolicyNotice';
import { ServerFields } from '@/components/settings/ServerFields';
import { ServerList } from '@/components/settings/ServerList';
import { describeError } from '@/lib/api/describe';
import { knownEdition } from '@/lib/connection/target';
import { toAppError } from '@/lib/errors';
import {
  demoModeAllowed,
  fixedTokenPlace,
  hasPolicy,
  managedDefaults,
  serversLocked,
} from '@/lib/policy/apply';
import { HOSTED_SERVERS } from '@/lib/store/rules';
import { tokenPageFor } from './draft';
import { DemoSection } from './DemoSection';
import { useClipboardSetting } from './useClipboardSetting';
import { useDefaultsSetting } from './useDefaultsSetting';
import { useFormStatus } from './useFormStatus';
import { usePolicy } from './usePolicy';
import { useSavedNotes } from './useSavedNotes';
import { useServerActions } from './useServerActions';
import { useServerList } from './useServerList';
import { useSettingsDraft } from './useSettingsDraft';
import { WatchSection } from './WatchSection';
import { t } from '@/lib/i18n';

/**
 * The options page. Every setting applies at once and its section says "Saved" quietly; the server and its
 * token are the one explicit step (Connect), since they need a permission and a connection check.
 */
export function App() {
  const form = useFormStatus();
  const draft = useSettingsDraft((error) => form.failed(describeError(toAppError(error))));
  const connection = useServerActions(draft, form);
  const { policy, notes, notesLeftOff } = usePolicy();
  const defaultsSetting = useDefaultsSetting(draft, policy);
  const list = useServerList(draft, form);
  const clipboard = useClipboardSetting();
  const { settings, server, defaults } = draft;
  const saved = useSavedNotes(settings, clipboard);

  if (!settings || !server || !defaults)
    return (
      <main>
        <h1>{t('page_optionsTitle')}</h1>
        <ConnectionStatus status={form.status} />
      </main>
    );

  const busy = form.status.kind === 'busy';
  return (
    <main>
      <h1>{t('page_optionsTitle')}</h1>
      {settings.demoMode && <DemoBanner />}
      {/* i18d wiring (issue 18 C): the count of notes past the first 20; the lead re-places it. */}
      <PolicyNotice managed={hasPolicy(policy)} notes={notes} notesLeftOff={notesLeftOff} />
      <DemoSection on={settings.demoMode} allowed={demoModeAllowed(policy)} setSettings={draft.setSettings} />
      {/* An organization that locks the server also keeps the list: nothing to add, remove or switch. */}
      {list.servers.length > 0 && !serversLocked(policy) && <ServerList {...list} />}
      <form onSubmit={connection.onConnect} noValidate>
        <ServerFields
          value={server}
          hosted={HOSTED_SERVERS}
          tokenPageUrl={tokenPageFor(server)}
          errors={{ serverUrl: form.errors.serverUrl, token: form.errors.token }}
          onChange={connection.onChange}
          saved={saved.tokenPlace}
          locked={{ server: serversLocked(policy), tokenPlace: fixedTokenPlace(policy) !== undefined }}
        >
          <div class="actions">
            <button type="submit" disabled={busy}>
              {t('options_connect')}
            </button>
            <button type="button" disabled={busy} onClick={connection.onTest}>
              {t('options_testConnection')}
            </button>
          </div>
          <ConnectionStatus status={form.status} />
        </ServerFields>
      </form>
      <DefaultsFields
        value={defaults}
        // Demo mode runs the pro engine; a server's edition is the one its connection check saw.
        edition={knownEdition(settings)}
        errors={defaultsSetting.errors}
        managed={managedDefaults(policy)}
        onChange={defaultsSetting.change}
        saved={saved.defaults}
      />
      <WatchSection policy={policy} />
      {clipboard.seconds !== null && clipboard.copyOnCreate !== null && (
        <ClipboardFields
          value={clipboard.seconds}
          error={clipboard.error}
          onChange={clipboard.change}
          saved={saved.clipboard}
          copyOnCreate={clipboard.copyOnCreate}
          onCopyOnCreate={clipboard.changeCopyOnCreate}
        />
      )}
    </main>
  );
}
