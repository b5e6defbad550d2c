/** The settings, loaded once and followed as they change in any page. */
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '@/lib/api/describe';
import type { Settings } from '@/lib/settings';
import { followSettings } from '@/lib/settings/read';
import { firstSettings } from './prefetch';

export function useSettings(): { settings: Settings | null; error?: string } {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    // The first read, started by main.tsx; then every change, a policy's among them, as it happens.
    firstSettings().then(setSettings, (failure: unknown) => setError(describeError(failure)));
    return followSettings((fresh) => setSettings(fresh.settings));
  }, []);
  return { settings, error };
}
