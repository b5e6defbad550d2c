import { WatchFields } from '@/components/settings/WatchFields';
import { saveSettings, type Policy, type WatchSettings } from '@/lib/settings';
import { useSavedFlash } from './useSavedFlash';

/**
 * How the extension watches pushes, saved on every change through the settings model, apart from the Save
 * button: they never need a connection check. `watch` is the user's own, as saved and followed; an
 * organization's interval wins over it (shown disabled).
 */
export function WatchSection({ watch, policy }: { watch: WatchSettings; policy: Policy }) {
  const saved = useSavedFlash(watch);
  const change = (patch: Partial<WatchSettings>) =>
    void saveSettings({ type: 'watch', patch }).catch((error: unknown) => console.error(error));
  return (
    <WatchFields
      value={watch}
      managedInterval={policy.watchIntervalMinutes}
      onChange={change}
      saved={saved}
    />
  );
}
