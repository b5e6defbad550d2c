import { useEffect, useState } from 'preact/hooks';
import { DemoBanner } from '@/components/DemoBanner';
import { Placed, PLACE } from '@/components/Placed';
import { EMAIL_LOCALES } from '@/lib/contract';
import { t, uiLocale } from '@/lib/i18n';
import { emailLocaleFor } from '@/lib/push/email-locale';
import { initForm, type FormState } from '@/lib/push/form';
import { ServerSwitch } from '@/components/push/ServerSwitch';
import { chooseServer } from './chosen';
import { destinationOf, loadPopupContext, type PopupContext } from './context';
import { CreatePush } from './CreatePush';
import { defaultPassphrase } from './passphrase';
import { described } from './words';
import { RecentPushes } from './Recent';
import { SettingsIcon } from '@/components/icons/Settings';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; context: PopupContext; initial: FormState }
  | { state: 'failed'; message: string };

async function load(url?: string): Promise<Load> {
  const context = await loadPopupContext(url);
  const { defaults } = context;
  const passphrase = await defaultPassphrase(defaults.passphrase);
  // Until a server without a saved edition answers (CreatePush asks it), pro's choices are shown.
  const edition = context.edition ?? 'pro';
  const { kinds } = context;
  // Notification e-mails in the UI language, where the server writes them (else its own default).
  const emailLocale = emailLocaleFor(uiLocale(), EMAIL_LOCALES);
  const initial = initForm({ defaults, edition, signedIn: context.signedIn, passphrase, kinds, emailLocale });
  return { state: 'ready', context, initial };
}

/** "to pwpush.com", the host in bold wherever the UI language puts it. */
function Destination({ name, server }: { name: string; server: string | null }) {
  return (
    <span class="destination" title={server ?? undefined}>
      <Placed text={t('popup_destination', PLACE)}>
        <strong>{name}</strong>
      </Placed>
    </span>
  );
}

/** The popup: the create form (or its result) and the recent pushes. Nothing of the form is stored. */
export function App() {
  const [page, setPage] = useState<Load>({ state: 'loading' });
  const settingsUrl = browser.runtime.getURL('/options.html');

  const show = (url?: string) =>
    load(url).then(setPage, (error: unknown) =>
      described(error).then((message) => setPage({ state: 'failed', message })),
    );
  useEffect(() => void show(), []);
  // Another saved server for this push: the form starts again with that server's edition and token.
  const switchTo = (url: string) => {
    chooseServer(url);
    void show(url);
  };

  return (
    <main>
      {page.state === 'ready' && page.context.demoMode && <DemoBanner settingsHref={settingsUrl} />}
      <header>
        <h1>{t('app_name')}</h1>
        {page.state === 'ready' && page.context.servers.length > 1 && page.context.server && (
          <ServerSwitch servers={page.context.servers} value={page.context.server} onChange={switchTo} />
        )}
        {page.state === 'ready' && page.context.servers.length <= 1 && destinationOf(page.context) && (
          <Destination name={destinationOf(page.context)!} server={page.context.server} />
        )}
        <a class="sp-settings" href={settingsUrl} target="_blank" rel="noopener">
          <SettingsIcon />
          {t('popup_settings')}
        </a>
      </header>
      {page.state === 'loading' && <p class="sp-hint">{t('popup_loading')}</p>}
      {page.state === 'failed' && (
        <p role="alert" class="sp-error">
          {page.message}
        </p>
      )}
      {page.state === 'ready' && page.context.server === null && (
        <p role="alert" class="sp-error">
          {t('popup_noServer')}
        </p>
      )}
      {page.state === 'ready' && page.context.server !== null && (
        <>
          <CreatePush key={page.context.server} context={page.context} initial={page.initial} />
          <RecentPushes server={page.context.server} />
        </>
      )}
    </main>
  );
}
