import { useEffect, useState } from 'preact/hooks';
import { describeError } from '@/lib/api/describe';
import { toAppError } from '@/lib/errors';
import { t } from '@/lib/i18n';
import { loadSettings } from '@/lib/store/settings';

export type TryState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * The welcome page's state: whether demo mode is on (null until read; "Try it" is offered only then, since
 * its push must not go to a real server) and the sample push under way.
 */
export function useWelcome() {
  const [demoMode, setDemoMode] = useState<boolean | null>(null);
  const [attempt, setAttempt] = useState<TryState>({ kind: 'idle' });

  useEffect(() => {
    loadSettings().then(
      (settings) => setDemoMode(settings.demoMode),
      (error: unknown) => setAttempt({ kind: 'failed', message: describeError(toAppError(error)) }),
    );
  }, []);

  const tryIt = () => {
    setAttempt({ kind: 'busy' });
    import('./try-it')
      .then(({ tryIt }) => tryIt(t('welcome_sampleSecret')))
      .then(
        () => setAttempt({ kind: 'done' }),
        (error: unknown) => setAttempt({ kind: 'failed', message: describeError(toAppError(error)) }),
      );
  };
  const connect = () => {
    browser.runtime
      .openOptionsPage()
      .catch((error: unknown) => setAttempt({ kind: 'failed', message: describeError(toAppError(error)) }));
  };
  return { demoMode, attempt, tryIt, connect };
}
