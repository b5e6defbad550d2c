import { useEffect, useState } from 'preact/hooks';
import { DemoBanner } from '@/components/DemoBanner';
import { Part } from '@/components/onDemand';
import { Placed, PLACE } from '@/components/Placed';
import { EMAIL_LOCALES } from '@/lib/contract';
import { t, uiLocale } from '@/lib/i18n';
import { emailLocaleFor, pendingForm, type FormInit } from '@/lib/push/form';
import { ServerSwitch } from '@/components/push/ServerSwitch';
import { handoffClock, handoffStore, serversOf, type Handoff } from '@/lib/handoff';
import { followSettings, loadSettings, type Settings, type SettingsRead } from '@/lib/settings/read';
import { chooseServer, chosenServer } from './chosen';
import { destinationLabel, popupContextOf, type PopupContext } from './context';
import { CreatePush } from './CreatePush';
import { defaultPassphrase } from './passphrase';
import { described } from './words';
import { lastDemoShown, rememberDemoShown } from './frame-hint';
import { CREATED_PUSH, RECENT_PUSHES } from './parts';
import { SettingsIcon } from '@/components/icons';
import { SettingsLinked } from '@/components/SettingsLinked';

/**
 * `form` counts the forms started: a switch of server starts a new one, the first read fills the first.
 * `settings` are those read for it, handed to the recent list so that it reads none of its own (issue 22).
 */
type Load =
  | { state: 'loading' }
  | { state: 'ready'; context: PopupContext; init: FormInit; settings: Settings; form: number }
  | { state: 'failed'; message: string };
type Loaded = Omit<Extract<Load, { state: 'ready' }>, 'state' | 'form'>;

/**
 * The result an earlier popup kept (lib/handoff), read with the settings as the popup opens, so the page
 * shows it as soon as it is ready; its view is asked for at once. Undefined when none is live.
 */
async function keptResult(read: Promise<SettingsRead>): Promise<Handoff | undefined> {
  const [{ settings }, now] = await Promise.all([read, handoffClock()]);
  const kept = await handoffStore({ now }).read(serversOf(settings));
  if (kept) CREATED_PUSH.load().catch(() => undefined); // a failure is retried and reported by <Part>
  return kept;
}

// Notification e-mails in the UI language, where the server writes them (else its own default).
const emailLocale = () => emailLocaleFor(uiLocale(), EMAIL_LOCALES);

async function load(url?: string, reading = loadSettings({ whole: true })): Promise<Loaded> {
  const read = await reading;
  const context = popupContextOf(read, url);
  const { defaults } = context;
  const passphrase = await defaultPassphrase(defaults.passphrase);
  // Until a server without a saved edition answers (CreatePush asks it), pro's choices are shown.
  const edition = context.edition ?? 'pro';
  const { kinds } = context;
  // The first preset's e-mails and note (its other options are the defaults): a fresh form starts with them,
  // the e-mails only where a token goes with the push (the server refuses them from anonymous users).
  const first = context.presets?.[0];
  const notifyEmailsTo = context.signedIn ? (first?.notifyEmails ?? '') : '';
  const presetText = first ? { notifyEmailsTo, note: first.note } : undefined;
  return {
    context,
    init: {
      defaults,
      edition,
      signedIn: context.signedIn,
      passphrase,
      kinds,
      emailLocale: emailLocale(),
      ...(presetText ? { presetText } : {}),
    },
    settings: read.settings,
  };
}

/** The page once `loaded` has arrived: its form kept, or the next one on `restart` (the first read fills 0). */
function readyWith(was: Load, loaded: Loaded, restart: boolean): Load {
  return { state: 'ready', ...loaded, form: was.state === 'ready' ? was.form + Number(restart) : 0 };
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

/**
 * The page's state: the settings read (again at each change, or for another server on `switchTo`), and the
 * result an earlier popup kept, read with the first of them (`kept`, until `setKept(undefined)`).
 */
function usePage() {
  const [page, setPage] = useState<Load>({ state: 'loading' });
  // The result an earlier popup kept: read once, as the popup opens; gone at New push or Done.
  const [kept, setKept] = useState<Handoff>();
  // `restart`: a new form (another server); else the form keeps what was typed and takes the new settings.
  // `keeping`: the kept result's read, at the first show only, set together with the page it belongs to.
  const show = (
    url?: string,
    restart = url !== undefined,
    reading = loadSettings({ whole: true }),
    keeping?: Promise<Handoff | undefined>,
  ) =>
    Promise.all([load(url, reading), keeping]).then(
      ([loaded, found]) => {
        if (keeping) setKept(found);
        setPage((was) => readyWith(was, loaded, restart));
      },
      (error: unknown) => described(error).then((message) => setPage({ state: 'failed', message })),
    );
  useEffect(() => {
    const reading = loadSettings({ whole: true });
    const keeping = keptResult(reading).catch((error: unknown) => {
      console.error('The kept result could not be read', error); // the popup opens on its form
      return undefined;
    });
    void show(undefined, false, reading, keeping);
    // The recent list's part arrives while the settings are read (both after the form's first paint), so
    // the list is not held up by its own code when a server is there to list.
    RECENT_PUSHES.load().catch(() => undefined); // a failure is retried and reported by <Part>
    // Every change of the settings, a policy's among them, as it happens: the form keeps what was typed.
    return followSettings((read) => void show(chosenServer(), false, Promise.resolve(read)), {
      underPolicy: true,
    });
  }, []);
  // Another saved server for this push: the form starts again with that server's edition and token.
  const switchTo = (url: string) => {
    chooseServer(url);
    void show(url);
  };

  return { page, kept, setKept, switchTo };
}

/**
 * The popup: the create form (or its result) and the recent pushes. Nothing of the form is stored; the
 * last result is kept in memory (storage.session) for 10 minutes by lib/handoff.
 */
export function App() {
  const { page, kept, setKept, switchTo } = usePage();
  // The form is there from the first render, pending until the settings fill it (typing starts at once).
  const [initial] = useState(() => pendingForm(emailLocale()));
  const settingsUrl = browser.runtime.getURL('/options.html');

  const ready = page.state === 'ready' ? page : undefined;
  const demo = ready ? ready.context.demoMode : page.state === 'loading' && lastDemoShown();
  useEffect(() => {
    if (ready) rememberDemoShown(ready.context.demoMode);
  }, [ready?.context.demoMode]);
  return (
    <main>
      <header>
        <h1>{t('app_name')}</h1>
        {page.state === 'ready' && page.context.servers.length > 1 && page.context.server && (
          <ServerSwitch servers={page.context.servers} value={page.context.server} onChange={switchTo} />
        )}
        {page.state === 'ready' && page.context.servers.length <= 1 && page.context.destination && (
          <Destination name={destinationLabel(page.context.destination)!} server={page.context.server} />
        )}
        <a class="sp-settings" href={settingsUrl} target="_blank" rel="noopener">
          <SettingsIcon />
          {t('popup_settings')}
        </a>
        {demo && <DemoBanner compact settingsHref={settingsUrl} />}
      </header>
      {page.state === 'loading' && (
        <p class="help" aria-busy="true">
          {t('settings_gettingReady')}
        </p>
      )}
      {page.state === 'failed' && (
        <p role="alert" class="sp-error">
          <SettingsLinked text={page.message} href={settingsUrl} />
        </p>
      )}
      {ready?.context.server === null && (
        <p role="alert" class="sp-error">
          <SettingsLinked text={t('popup_noServer')} href={settingsUrl} />
        </p>
      )}
      {/* One place for the form, pending or filled, so the settings' arrival keeps it (and what was typed). */}
      {(page.state === 'loading' || (ready && ready.context.server !== null)) && (
        <CreatePush
          key={ready?.form ?? 0}
          context={ready?.context}
          initial={initial}
          settings={ready?.init}
          kept={kept}
          onKeptGone={() => setKept(undefined)}
        />
      )}
      {ready?.context.server && (
        <Part of={RECENT_PUSHES} server={ready.context.server} settings={ready.settings} />
      )}
    </main>
  );
}
