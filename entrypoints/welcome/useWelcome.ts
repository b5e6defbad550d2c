import { useEffect, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { describeError } from '@/lib/api/describe';
import { toAppError } from '@/lib/errors';
import { t } from '@/lib/i18n';
import { followSettings, serverName, type SettingsRead } from '@/lib/settings/read';

export type TryState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * The welcome page's state: whether demo mode is on (null until the settings are read under the policy:
 * "Try it" is offered only in demo mode, since its push must not go to a real server), the organization's
 * server when its policy sets one, and the sample push under way. It follows every change of the settings.
 */
export function useWelcome() {
  const [demoMode, setDemoMode] = useState<boolean | null>(null);
  const [orgServer, setOrgServer] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<TryState>({ kind: 'idle' });

  useEffect(() => {
    // Policy first: a neutral page until the policy is read.
    const take = ({ settings }: SettingsRead) => {
      setDemoMode(settings.demoMode);
      setOrgServer(settings.policy?.serverUrl ? serverName(settings.policy.serverUrl) : null);
    };
    return followSettings(take, {
      underPolicy: true,
      now: true,
      onError: (error: unknown) => setAttempt({ kind: 'failed', message: describeError(toAppError(error)) }),
    });
  }, []);

  const tryIt = () => {
    setAttempt({ kind: 'busy' });
    announce(t('welcome_tryBusy'));
    import('./try-it')
      .then(({ tryIt }) => tryIt(t('welcome_sampleSecret')))
      .then(
        () => {
          setAttempt({ kind: 'done' });
          announce(t('welcome_tryDone'));
        },
        (error: unknown) => setAttempt({ kind: 'failed', message: describeError(toAppError(error)) }),
      );
  };
  const connect = () => {
    browser.runtime
      .openOptionsPage()
      .catch((error: unknown) => setAttempt({ kind: 'failed', message: describeError(toAppError(error)) }));
  };
  return { demoMode, orgServer, attempt, tryIt, connect };
}
