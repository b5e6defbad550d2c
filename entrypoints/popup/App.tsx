import { useEffect, useState } from 'preact/hooks';
import { DemoBanner } from '@/components/DemoBanner';
import { describeError } from '@/lib/api/describe';
import { toAppError } from '@/lib/errors';
import { initForm, type FormState } from '@/lib/push/form';
import { destinationOf, loadPopupContext, type PopupContext } from './context';
import { CreatePush } from './CreatePush';
import { defaultPassphrase } from './passphrase';
import { RecentPushes } from './Recent';
import { SettingsIcon } from '@/components/icons/Settings';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; context: PopupContext; initial: FormState }
  | { state: 'failed'; message: string };

async function load(): Promise<Load> {
  const context = await loadPopupContext();
  const { defaults } = context;
  const passphrase = await defaultPassphrase(defaults.passphrase);
  // Until a server without a saved edition answers (CreatePush asks it), pro's choices are shown.
  const edition = context.edition ?? 'pro';
  const { kinds } = context;
  const initial = initForm({ defaults, edition, signedIn: context.signedIn, passphrase, kinds });
  return { state: 'ready', context, initial };
}

/** The popup: the create form (or its result) and the recent pushes. Nothing of the form is stored. */
export function App() {
  const [page, setPage] = useState<Load>({ state: 'loading' });
  const settingsUrl = browser.runtime.getURL('/options.html');

  useEffect(() => {
    load().then(setPage, (error: unknown) =>
      setPage({ state: 'failed', message: describeError(toAppError(error)) }),
    );
  }, []);

  return (
    <main>
      {page.state === 'ready' && page.context.demoMode && <DemoBanner settingsHref={settingsUrl} />}
      <header>
        <h1>Secret Push</h1>
        {page.state === 'ready' && destinationOf(page.context) && (
          <span class="destination" title={page.context.server ?? undefined}>
            to <strong>{destinationOf(page.context)}</strong>
          </span>
        )}
        <a class="sp-settings" href={settingsUrl} target="_blank" rel="noopener">
          <SettingsIcon />
          Settings
        </a>
      </header>
      {page.state === 'loading' && <p class="sp-hint">Loading…</p>}
      {page.state === 'failed' && (
        <p role="alert" class="sp-error">
          {page.message}
        </p>
      )}
      {page.state === 'ready' && page.context.server === null && (
        <p role="alert" class="sp-error">
          No server is saved. Open Settings and choose one, or turn demo mode on.
        </p>
      )}
      {page.state === 'ready' && page.context.server !== null && (
        <>
          <CreatePush context={page.context} initial={page.initial} />
          <RecentPushes server={page.context.server} />
        </>
      )}
    </main>
  );
}
