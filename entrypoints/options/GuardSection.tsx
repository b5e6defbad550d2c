import { GuardFields } from '@/components/settings/GuardFields';
import { saveSettings, type SettingsRead } from '@/lib/settings';
import { useSavedFlash } from './useSavedFlash';

/**
 * The chat-preview guard's switch (lib/chat-guard), saved on every change through the settings model, as
 * the other preferences are; "Saved" follows what was written.
 */
export function GuardSection({ read }: { read: SettingsRead }) {
  const saved = useSavedFlash(read.savedPreferences.chatGuard);
  const change = (on: boolean) =>
    void saveSettings({ type: 'chatGuard', on }).catch((error: unknown) => console.error(error));
  return <GuardFields on={read.preferences.chatGuard} onChange={change} saved={saved} />;
}
