/** The settings, loaded once and followed as they change in any page. */
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '@/lib/api';
import { loadSettings, watchSettings, type Settings } from '@/lib/store/settings';

export function useSettings(): { settings: Settings | null; error?: string } {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    loadSettings().then(setSettings, (failure: unknown) => setError(describeError(failure)));
    return watchSettings(setSettings);
  }, []);
  return { settings, error };
}
