import { DemoBanner } from '@/components/DemoBanner';
import { ClipboardFields } from '@/components/settings/ClipboardFields';
import { ConnectionStatus } from '@/components/settings/ConnectionStatus';
import { DefaultsFields } from '@/components/settings/DefaultsFields';
import { PresetsFields } from '@/components/settings/PresetsFields';
import { PolicyNotice } from '@/components/settings/PolicyNotice';
import { knownEdition } from '@/lib/connection/target';
import { toAppError } from '@/lib/errors';
import { demoModeAllowed, formSettings, hasPolicy, managedDefaults, NO_POLICY } from '@/lib/settings';
import { DemoSection } from './DemoSection';
import { explain } from './errors';
import { GuardSection } from './GuardSection';
import { useClipboardSetting } from './useClipboardSetting';
import { useDefaultsSetting } from './useDefaultsSetting';
import { presetRows, usePresetsSetting } from './usePresetsSetting';
import { useFormStatus } from './useFormStatus';
import { usePreferences } from './usePreferences';
import { useSavedNotes } from './useSavedNotes';
import { useSettingsDraft } from './useSettingsDraft';
import { ServersSection } from './ServersSection';
import { WatchSection } from './WatchSection';
import { t } from '@/lib/i18n';

/**
 * The options page. Every setting applies at once and its section says "Saved" quietly; the server and its
 * token are the one explicit step (Connect), since they need a permission and a connection check.
 */
export function App() {
  const form = useFormStatus();
  const draft = useSettingsDraft((error) => form.failed(explain(toAppError(error))));
  const defaultsSetting = useDefaultsSetting(draft);
  const preferences = usePreferences();
  const clipboard = useClipboardSetting(preferences);
  const { read, settings, form: server, defaults } = draft;
  const presets = usePresetsSetting(draft, settings ? knownEdition(settings) : undefined);
  const aimed = settings && server ? formSettings(server, settings) : null;
  const saved = useSavedNotes(aimed, clipboard);

  // Policy first: until the background has read the organization's policy, nothing is shown that it
  // could forbid (demo mode above all), only that the page is getting ready.
  if (!read || !settings || !server || !defaults || !read.policyRead)
    return (
      <main>
        <h1>{t('page_optionsTitle')}</h1>
        {form.status.kind === 'error' ? (
          <ConnectionStatus status={form.status} />
        ) : (
          <p class="help" aria-busy="true">
            {t('settings_gettingReady')}
          </p>
        )}
      </main>
    );

  const { policy, notes, notesLeftOff } = read.policy ?? NO_POLICY;
  return (
    <main>
      <h1>{t('page_optionsTitle')}</h1>
      {settings.demoMode && <DemoBanner />}
      <PolicyNotice managed={hasPolicy(policy)} notes={notes} notesLeftOff={notesLeftOff} />
      <DemoSection on={settings.demoMode} allowed={demoModeAllowed(policy)} onChange={form.clear} />
      <ServersSection draft={draft} form={form} saved={saved.tokenPlace} />
      <DefaultsFields
        value={defaults}
        // The defaults apply to pushes to the default server (`settings` is aimed at it), whichever server
        // the form shows: so their expiry follows its edition. Demo mode runs the pro engine; a server's
        // edition is the one its connection check saw.
        edition={knownEdition(settings)}
        errors={defaultsSetting.errors}
        managed={managedDefaults(policy)}
        onChange={defaultsSetting.change}
        saved={saved.defaults}
      />
      <PresetsFields
        rows={presetRows(settings, read.presets)}
        editing={presets.editing}
        edition={knownEdition(settings)}
        errors={presets.errors}
        onAdd={presets.add}
        onEdit={presets.edit}
        onChange={presets.change}
        onCancel={presets.cancel}
        onCommit={presets.commit}
        onMove={presets.move}
        onRemove={presets.remove}
      />
      {preferences && <GuardSection read={preferences} />}
      {preferences && <WatchSection read={preferences} />}
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
