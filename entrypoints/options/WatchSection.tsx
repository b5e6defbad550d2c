import { WatchFields } from '@/components/settings/WatchFields';
import { saveSettings, type SettingsRead, type WatchSettings } from '@/lib/settings';
import { useSavedFlash } from './useSavedFlash';

/**
 * How the extension watches pushes, saved on every change through the settings model, apart from the Save
 * button: they never need a connection check. Shows the settings in force (the model puts an organization's
 * interval in the place of the user's, and keeps the user's own when saving another field); "Saved" follows
 * the user's own, so a policy that arrives is not taken for a save.
 */
export function WatchSection({ read }: { read: SettingsRead }) {
  const saved = useSavedFlash(read.savedPreferences.watch);
  const change = (patch: Partial<WatchSettings>) =>
    void saveSettings({ type: 'watch', patch }).catch((error: unknown) => console.error(error));
  return (
    <WatchFields
      value={read.preferences.watch}
      managedInterval={read.policy?.policy.watchIntervalMinutes !== undefined}
      onChange={change}
      saved={saved}
    />
  );
}
