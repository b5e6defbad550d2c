import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import QRCode from 'qrcode';
import { describeError, type RetrievedPush } from '@/lib/api';
import { isAppError } from '@/lib/errors';
import { parseViewerHash, demoUrlForLink, type ViewerRoute } from '@/lib/demo/viewer-route';
import { attachmentName } from '@/lib/demo/download';
import { DEMO_BASE_URL, demoFetch } from '@/lib/demo/transport';
import { RevealStep } from '@/components/viewer/RevealStep';
import { PassphraseForm } from '@/components/viewer/PassphraseForm';
import { RecipientForm } from '@/components/viewer/RecipientForm';
import { GoneNotice } from '@/components/viewer/GoneNotice';
import { SecretContent } from '@/components/viewer/SecretContent';
import { FileDownload } from '@/components/viewer/FileDownload';
import { DemoBanner } from '@/components/DemoBanner';
import type { DemoPushKind } from '@/lib/demo/page-info';
import { pageKind, recipientClient, revealThroughPage, saveBlob, viewerUrl } from './api';

type State =
  | { step: 'reveal'; busy: boolean }
  | { step: 'recipient'; busy: boolean; error?: string }
  /** email: the listed address given before (authenticated_recipients), sent again with the passphrase. */
  | { step: 'passphrase'; busy: boolean; error?: string; email?: string }
  | { step: 'shown'; push: RetrievedPush; kind?: DemoPushKind }
  | { step: 'gone'; reason: 'gone' | 'deleted' }
  | { step: 'error'; message: string };

/** The QR code limit of the real server (reference §9): longer payloads cannot be a qr push. */
const QR_MAX_CHARS = 1024;

const NOT_A_RECIPIENT =
  'That address is not one this secret was shared with. Nothing was revealed and no view was counted.';

/**
 * The push's kind: what the response says (v2 responses normally do not), else what the demo service's
 * page knows, else 'file' for a push with files; undefined when nobody could say.
 */
function pushKind(push: RetrievedPush, known?: DemoPushKind): DemoPushKind | undefined {
  const kind = push.kind;
  if (kind === 'url' || kind === 'qr' || kind === 'file' || kind === 'text') return kind;
  if (known) return known;
  return push.files.length > 0 ? 'file' : undefined;
}

async function download(link: string, fallbackName: string): Promise<void> {
  const url = demoUrlForLink(link, viewerUrl());
  if (!url) throw new Error('This file link does not belong to the demo service.');
  const response = await demoFetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error('The file could not be downloaded: it may have expired.');
  saveBlob(await response.blob(), attachmentName(response.headers.get('Content-Disposition'), fallbackName));
}

function PushViewer({ urlToken, retrievalStep }: { urlToken: string; retrievalStep: boolean }) {
  const client = useMemo(recipientClient, []);
  // Asked once, alongside the reveal; it never fails (undefined when unknown) and counts no view.
  const kindOfPush = useMemo(() => pageKind(urlToken), [urlToken]);
  const [state, setState] = useState<State>(
    retrievalStep ? { step: 'reveal', busy: false } : { step: 'reveal', busy: true },
  );
  const [qr, setQr] = useState<string>();
  const [wantQr, setWantQr] = useState(false);
  const [copied, setCopied] = useState(false);
  const [downloading, setDownloading] = useState<number>();
  const [notice, setNotice] = useState<string>();

  const retrieve = useCallback(
    async ({ passphrase, email }: { passphrase?: string; email?: string } = {}) => {
      setState((s) =>
        s.step === 'passphrase' || s.step === 'recipient'
          ? { ...s, busy: true }
          : { step: 'reveal', busy: true },
      );
      try {
        // Through the page route, not the API: a first try without a passphrase must log no failure.
        const [push, kind] = await Promise.all([
          revealThroughPage(urlToken, { email, passphrase }),
          kindOfPush,
        ]);
        if (push.expired && push.payload === null && push.files.length === 0)
          setState({ step: 'gone', reason: 'gone' });
        else setState({ step: 'shown', push, kind });
      } catch (error) {
        if (isAppError(error, 'recipient-verification'))
          // Nothing was counted: the address comes first (a listed one, the demo service sends no code).
          setState({ step: 'recipient', busy: false, error: email ? NOT_A_RECIPIENT : undefined });
        else if (isAppError(error, 'passphrase-required'))
          setState({
            step: 'passphrase',
            busy: false,
            email,
            error: passphrase ? describeError(error) : undefined,
          });
        else if (isAppError(error, 'passphrase-rate-limited'))
          setState({ step: 'passphrase', busy: false, email, error: describeError(error) });
        else if (isAppError(error, 'not-found') || isAppError(error, 'gone'))
          setState({ step: 'gone', reason: 'gone' });
        else setState({ step: 'error', message: describeError(error) });
      }
    },
    [urlToken, kindOfPush],
  );

  // Without a retrieval step the page itself is the reveal, as on the server's recipient page.
  useEffect(() => {
    if (!retrievalStep) void retrieve();
  }, [retrieve, retrievalStep]);

  const shown = state.step === 'shown' ? state.push : undefined;
  const shownKind = state.step === 'shown' ? pushKind(state.push, state.kind) : undefined;
  useEffect(() => {
    // A qr push is drawn at once, as the server's page does; any other payload only on request.
    if (!shown || !shown.payload || !(wantQr || shownKind === 'qr')) return;
    QRCode.toDataURL(shown.payload, { errorCorrectionLevel: 'M', margin: 2, width: 256 }).then(
      setQr,
      (error: unknown) => setNotice(`The QR code could not be drawn: ${describeError(error)}`),
    );
  }, [shown, shownKind, wantQr]);

  switch (state.step) {
    case 'reveal':
      return retrievalStep ? (
        <RevealStep busy={state.busy} onReveal={() => void retrieve()} />
      ) : (
        <p>Loading…</p>
      );
    case 'recipient':
      return (
        <RecipientForm busy={state.busy} error={state.error} onSubmit={(email) => void retrieve({ email })} />
      );
    case 'passphrase': {
      const email = state.email;
      return (
        <PassphraseForm
          busy={state.busy}
          error={state.error}
          onSubmit={(passphrase) => void retrieve({ passphrase, email })}
        />
      );
    }
    case 'gone':
      return <GoneNotice reason={state.reason} />;
    case 'error':
      return <p role="alert">{state.message}</p>;
    case 'shown': {
      const push = state.push;
      const kind = pushKind(push, state.kind);
      return (
        <>
          <SecretContent
            kind={kind}
            payload={push.payload}
            files={push.files}
            qrDataUrl={qr}
            // Only when nobody could say the kind (a text push never gets the offer): drawn on request.
            onShowQr={
              kind === undefined && push.payload && push.payload.length <= QR_MAX_CHARS
                ? () => setWantQr(true)
                : undefined
            }
            copied={copied}
            onCopy={() =>
              navigator.clipboard.writeText(push.payload ?? '').then(
                () => setCopied(true),
                () => setNotice('Copying failed: select the text and copy it yourself.'),
              )
            }
            downloading={downloading}
            onDownload={(index) => {
              const file = push.files[index];
              if (!file) return;
              setDownloading(index);
              download(file.url, file.filename)
                .catch((error: unknown) => setNotice(describeError(error)))
                .finally(() => setDownloading(undefined));
            }}
          />
          <p>
            {push.views_remaining === 1
              ? 'This secret can be viewed 1 more time.'
              : `This secret can be viewed ${push.views_remaining} more times.`}
          </p>
          {push.deletable_by_viewer && (
            <button
              type="button"
              class="danger"
              onClick={() =>
                client.deletePush(urlToken).then(
                  () => setState({ step: 'gone', reason: 'deleted' }),
                  (error: unknown) => setNotice(describeError(error)),
                )
              }
            >
              Delete this secret
            </button>
          )}
          {notice && <p role="alert">{notice}</p>}
        </>
      );
    }
  }
}

function FileViewer({ path }: { path: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const name = decodeURIComponent(path.split('/').pop() || 'download');
  return (
    <FileDownload
      busy={busy}
      error={error}
      onDownload={() => {
        setBusy(true);
        setError(undefined);
        download(DEMO_BASE_URL + path, name)
          .catch((e: unknown) => setError(describeError(e)))
          .finally(() => setBusy(false));
      }}
    />
  );
}

function routeView(route: ViewerRoute) {
  switch (route.kind) {
    case 'push':
      return (
        <PushViewer key={route.urlToken} urlToken={route.urlToken} retrievalStep={route.retrievalStep} />
      );
    case 'file':
      return <FileViewer key={route.path} path={route.path} />;
    case 'invalid':
      return <GoneNotice reason="gone" />;
  }
}

/** The recipient page of the built-in demo service (html_url in demo mode). */
export function App() {
  const [route, setRoute] = useState(() => parseViewerHash(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseViewerHash(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return (
    <main>
      {/* The viewer only ever talks to the built-in demo service. */}
      <DemoBanner settingsHref={browser.runtime.getURL('/options.html')} />
      <h1>Secret Push</h1>
      {routeView(route)}
    </main>
  );
}
