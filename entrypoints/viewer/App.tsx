import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import QRCode from 'qrcode';
import { describeError, type RetrievedPush } from '@/lib/api';
import { isAppError } from '@/lib/errors';
import { parseViewerHash, demoUrlForLink, type ViewerRoute } from '@/lib/demo/viewer-route';
import { attachmentName } from '@/lib/demo/download';
import { DEMO_BASE_URL, demoFetch } from '@/lib/demo/transport';
import { RevealStep } from '@/components/viewer/RevealStep';
import { PassphraseForm } from '@/components/viewer/PassphraseForm';
import { GoneNotice } from '@/components/viewer/GoneNotice';
import { SecretContent } from '@/components/viewer/SecretContent';
import { FileDownload } from '@/components/viewer/FileDownload';
import { DemoBanner } from '@/components/DemoBanner';
import { recipientClient, saveBlob, viewerUrl } from './api';

type State =
  | { step: 'reveal'; busy: boolean }
  | { step: 'passphrase'; busy: boolean; error?: string }
  | { step: 'shown'; push: RetrievedPush }
  | { step: 'gone'; reason: 'gone' | 'deleted' }
  | { step: 'error'; message: string };

/** The QR code limit of the real server (reference §9): longer payloads cannot be a qr push. */
const QR_MAX_CHARS = 1024;

/** The push's kind when the server says (v2 responses normally do not), else undefined. */
function pushKind(push: RetrievedPush): 'text' | 'url' | 'qr' | 'file' | undefined {
  const kind = push.kind;
  if (kind === 'url' || kind === 'qr' || kind === 'file' || kind === 'text') return kind;
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
  const [state, setState] = useState<State>(
    retrievalStep ? { step: 'reveal', busy: false } : { step: 'reveal', busy: true },
  );
  const [qr, setQr] = useState<string>();
  const [wantQr, setWantQr] = useState(false);
  const [copied, setCopied] = useState(false);
  const [downloading, setDownloading] = useState<number>();
  const [notice, setNotice] = useState<string>();

  const retrieve = useCallback(
    async (passphrase?: string) => {
      setState((s) => (s.step === 'passphrase' ? { ...s, busy: true } : { step: 'reveal', busy: true }));
      try {
        const push = await client.retrievePush(urlToken, { passphrase });
        if (push.expired && push.payload === null && push.files.length === 0)
          setState({ step: 'gone', reason: 'gone' });
        else setState({ step: 'shown', push });
      } catch (error) {
        if (isAppError(error, 'passphrase-required'))
          setState({ step: 'passphrase', busy: false, error: passphrase ? describeError(error) : undefined });
        else if (isAppError(error, 'passphrase-rate-limited'))
          setState({ step: 'passphrase', busy: false, error: describeError(error) });
        else if (isAppError(error, 'not-found') || isAppError(error, 'gone'))
          setState({ step: 'gone', reason: 'gone' });
        else setState({ step: 'error', message: describeError(error) });
      }
    },
    [client, urlToken],
  );

  // Without a retrieval step the page itself is the reveal, as on the server's recipient page.
  useEffect(() => {
    if (!retrievalStep) void retrieve();
  }, [retrieve, retrievalStep]);

  const shown = state.step === 'shown' ? state.push : undefined;
  useEffect(() => {
    if (!shown || !shown.payload || !(wantQr || pushKind(shown) === 'qr')) return;
    QRCode.toDataURL(shown.payload, { errorCorrectionLevel: 'M', margin: 2, width: 256 }).then(
      setQr,
      (error: unknown) => setNotice(`The QR code could not be drawn: ${describeError(error)}`),
    );
  }, [shown, wantQr]);

  switch (state.step) {
    case 'reveal':
      return retrievalStep ? (
        <RevealStep busy={state.busy} onReveal={() => void retrieve()} />
      ) : (
        <p>Loading…</p>
      );
    case 'passphrase':
      return <PassphraseForm busy={state.busy} error={state.error} onSubmit={(p) => void retrieve(p)} />;
    case 'gone':
      return <GoneNotice reason={state.reason} />;
    case 'error':
      return <p role="alert">{state.message}</p>;
    case 'shown': {
      const push = state.push;
      return (
        <>
          <SecretContent
            kind={pushKind(push)}
            payload={push.payload}
            files={push.files}
            qrDataUrl={qr}
            // The API does not tell a qr push from a text push, so the QR code is drawn on request.
            onShowQr={
              pushKind(push) === undefined && push.payload && push.payload.length <= QR_MAX_CHARS
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
