import { useState } from 'preact/hooks';
import { saveSettings, type SettingsRead } from '@/lib/settings';
import { t } from '@/lib/i18n';

// Clearing compares the clipboard with what we copied first, which needs to read it.
const READ = { permissions: ['clipboardRead' as const] };

/**
 * The clipboard's section: copy on create and the clearing delay, each saved on every change through the
 * settings model and shown as read back (`read`, usePreferences). Turning clearing on first asks for the
 * clipboardRead permission (in the user's click); refused, the setting stays as it was.
 */
export function useClipboardSetting(read: SettingsRead | null): {
  seconds: number | null;
  error?: string;
  change: (s: number) => void;
  copyOnCreate: boolean | null;
  changeCopyOnCreate: (on: boolean) => void;
} {
  const [error, setError] = useState<string>();
  // Saved at once, like the clearing delay: no permission is needed to copy in the popup.
  const changeCopyOnCreate = (on: boolean) => {
    saveSettings({ type: 'copyOnCreate', on }).catch((failure: unknown) => console.error(failure));
  };
  const change = (seconds: number) => {
    setError(undefined);
    const allowed = seconds === 0 ? Promise.resolve(true) : browser.permissions.request(READ);
    allowed
      .then(async (granted) => {
        if (!granted) return setError(t('options_clipboardRefused'));
        await saveSettings({ type: 'clipboardClear', seconds });
      })
      .catch((failure: unknown) => {
        console.error(failure);
        setError(t('options_clipboardRefused'));
      });
  };
  return {
    seconds: read?.savedPreferences.clipboardClearSeconds ?? null,
    error,
    change,
    copyOnCreate: read?.copyOnCreate ?? null,
    changeCopyOnCreate,
  };
}
