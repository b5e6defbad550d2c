import { useLayoutEffect } from 'preact/hooks';
import { LazyQrImage } from '@/components/LazyQrImage';
import { useLazyQr } from '@/components/useLazyQr';
import { formKeyAction } from './keys';
import './push.css';

export interface ResultViewProps {
  url: string;
  /** e.g. "Expires in 1 week or after 5 views, whichever comes first." (expiryInWords) */
  expiry?: string;
  /** Present only when the push has one; the "Copy passphrase" button appears only then. */
  passphrase?: string | null;
  /** e.g. the host-mismatch warning in words. */
  warning?: string;
  /** Feedback such as "Link copied", announced politely. */
  status?: string;
  /** Draws the QR code as SVG markup. Called only once the code is shown, so its encoder loads lazily. */
  renderQr: (text: string) => Promise<string>;
  onCopyLink: () => void;
  onOpen: () => void;
  onCopyMessage: () => void;
  onCopyPassphrase: () => void;
  onDownloadPng: () => void;
  onDownloadSvg: () => void;
  /** Back to an empty form ("New push", and Esc anywhere on the page, as Esc resets the form). */
  onNew?: () => void;
}

function QrCode({ url, renderQr, onDownloadPng, onDownloadSvg }: ResultViewProps) {
  const { qr, wanted, toggle } = useLazyQr(url, renderQr);

  return (
    <div class="sp-qr">
      <button type="button" aria-expanded={wanted} onClick={toggle}>
        {wanted ? 'Hide QR code' : 'Show QR code'}
      </button>
      <LazyQrImage
        qr={qr}
        alt="QR code of the secret link"
        size={192}
        classes={{ hint: 'sp-hint', error: 'sp-error' }}
      >
        <div class="sp-row">
          <button type="button" onClick={onDownloadPng}>
            Download PNG
          </button>
          <button type="button" onClick={onDownloadSvg}>
            Download SVG
          </button>
        </div>
      </LazyQrImage>
    </div>
  );
}

/** The created push: its link, ways to share it, and its QR code on request. */
export function ResultView(props: ResultViewProps) {
  const { url, expiry, passphrase, warning, status, onNew } = props;
  // On the document, not the section: after a create the focus is often on the page itself. A layout
  // effect, so an Esc pressed as soon as the result shows is already heard.
  useLayoutEffect(() => {
    if (!onNew) return;
    const onKey = (event: KeyboardEvent) => {
      if (formKeyAction(event) !== 'reset') return;
      event.preventDefault();
      onNew();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onNew]);
  return (
    <section class="sp-result" aria-labelledby="sp-result-title">
      <h2 id="sp-result-title">Push created</h2>
      {warning && (
        <p role="alert" class="sp-warning">
          {warning}
        </p>
      )}
      <label for="sp-link">Secret link</label>
      <input
        id="sp-link"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        aria-describedby={expiry ? 'sp-link-expiry' : undefined}
      />
      {expiry && (
        <p id="sp-link-expiry" class="sp-hint">
          {expiry}
        </p>
      )}
      <div class="sp-row">
        <button type="button" class="sp-primary" onClick={props.onCopyLink}>
          Copy link
        </button>
        <button type="button" onClick={props.onOpen}>
          Open
        </button>
        <button type="button" onClick={props.onCopyMessage}>
          Copy message
        </button>
        {passphrase && (
          <button type="button" onClick={props.onCopyPassphrase}>
            Copy passphrase
          </button>
        )}
      </div>
      <p role="status" class="sp-hint">
        {status ?? ''}
      </p>
      <QrCode {...props} />
      {onNew && (
        <button type="button" onClick={onNew}>
          New push
        </button>
      )}
    </section>
  );
}
