import { useEffect, useState } from 'preact/hooks';
import { clipboardClearItem } from '@/lib/store/items';
import { readSettings, saveSettings, watchSettings } from '@/lib/settings';
import { t } from '@/lib/i18n';

// Clearing compares the clipboard with what we copied first, which needs to read it.
const READ = { permissions: ['clipboardRead' as const] };

/**
 * Copy-on-create (saved on every change), and the clipboard-clearing delay, saved on every change like the watcher's settings. Turning it on first asks
 * for the clipboardRead permission (in the user's click); refused, the setting stays as it was.
 */
export function useClipboardSetting(): {
  seconds: number | null;
  error?: string;
  change: (s: number) => void;
  copyOnCreate: boolean | null;
  changeCopyOnCreate: (on: boolean) => void;
} {
  const [seconds, setSeconds] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [copyOnCreate, setCopyOnCreate] = useState<boolean | null>(null);
  useEffect(() => {
    clipboardClearItem.getValue().then(setSeconds, (failure: unknown) => console.error(failure));
    readSettings().then(
      (read) => setCopyOnCreate(read.copyOnCreate),
      (failure: unknown) => console.error(failure),
    );
    const unwatch = watchSettings((read) => setCopyOnCreate(read.copyOnCreate));
    const unwatchClear = clipboardClearItem.watch(setSeconds);
    return () => {
      unwatch();
      unwatchClear();
    };
  }, []);
  // Saved at once, like the clearing delay: no permission is needed to copy in the popup.
  const changeCopyOnCreate = (on: boolean) => {
    setCopyOnCreate(on);
    saveSettings({ type: 'copyOnCreate', on }).catch((failure: unknown) => console.error(failure));
  };
  const change = (next: number) => {
    setError(undefined);
    const allowed = next === 0 ? Promise.resolve(true) : browser.permissions.request(READ);
    allowed
      .then(async (granted) => {
        if (!granted) return setError(t('options_clipboardRefused'));
        setSeconds(next);
        await clipboardClearItem.setValue(next);
      })
      .catch((failure: unknown) => {
        console.error(failure);
        setError(t('options_clipboardRefused'));
      });
  };
  return { seconds, error, change, copyOnCreate, changeCopyOnCreate };
}
