import { useLayoutEffect, useState } from 'preact/hooks';
import { useLazyQr } from '@/components/useLazyQr';
import { formKeyAction } from './keys';
import { LinkBlock } from './LinkBlock';
import { PassphraseReveal } from './PassphraseReveal';
import { PreviewPanel } from './PreviewPanel';
import { QrPanel } from './QrPanel';
import './push.css';
import './result.css';
import './sr.css';
import { CopyIcon } from '@/components/icons/Copy';
import { EyeIcon } from '@/components/icons/Eye';
import { QrIcon } from '@/components/icons/Qr';
import { t } from '@/lib/i18n';

export interface ResultViewProps {
  url: string;
  /** e.g. "Expires in 1 week or after 5 views, whichever comes first." (expiryInWords) */
  expiry?: string;
  /** Present only when the push has one: shown behind an eye toggle, and copied on its own. */
  passphrase?: string | null;
  /** Views the recipient has left, and whether the page has a reveal step: what "Open the page" costs. */
  viewsLeft: number;
  retrievalStep: boolean;
  /** e.g. the host-mismatch warning in words. */
  warning?: string;
  /** Feedback such as "Push created, link copied" or "Link copied", announced politely. */
  status?: string;
  /** Draws the QR code as SVG markup. Called only once the code is shown, so its encoder loads lazily. */
  renderQr: (text: string) => Promise<string>;
  onCopyLink: () => void;
  /** Opens the real page (uses a view unless there is a reveal step): offered in the preview, confirmed. */
  onOpen: () => void;
  onCopyMessage: () => void;
  onCopyPassphrase: () => void;
  onDownloadPng: () => void;
  onDownloadSvg: () => void;
  /** Back to an empty form ("New push", and Esc anywhere on the page, as Esc resets the form). */
  onNew?: () => void;
  /**
   * Set for a demo push (its link opens only in this browser): the result says so, under the link, with a
   * link to the settings at this address to connect a server.
   */
  demoSettingsHref?: string;
}

/** Under a demo push's link: where it opens, and how to make links others can open. */
function DemoLinkNote({ href }: { href: string }) {
  return (
    <p id="sp-demo-link" class="sp-warning">
      {t('push_demoLinkHere')}{' '}
      <a href={href} target="_blank" rel="noreferrer">
        {t('push_connectServer')}
      </a>
    </p>
  );
}

/** Esc anywhere on the page means "New push", as it resets the form. */
function useEscapeForNew(onNew: (() => void) | undefined) {
  // On the document, not the section: after a create the focus may be on the page itself. A layout effect,
  // so an Esc pressed as soon as the result shows is already heard.
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
}

/** The created push: its link (focused, large, copied at once when the setting says so) and ways to share it. */
export function ResultView(props: ResultViewProps) {
  const { url, expiry, passphrase, warning, status, onNew } = props;
  const [preview, setPreview] = useState(false);
  const qr = useLazyQr(url, props.renderQr);
  useEscapeForNew(onNew);
  return (
    <section class="sp-result" aria-labelledby="sp-result-title">
      {/* The status line below says it on screen ("Push created, link copied"); the heading names the part. */}
      <h2 id="sp-result-title" class="sp-sr">
        {t('push_created')}
      </h2>
      <p role="status" class="sp-status">
        {status ?? ''}
      </p>
      {warning && (
        <p role="alert" class="sp-warning">
          {warning}
        </p>
      )}
      <LinkBlock
        url={url}
        describedBy={
          [expiry && 'sp-link-expiry', props.demoSettingsHref && 'sp-demo-link'].filter(Boolean).join(' ') ||
          undefined
        }
        onCopy={props.onCopyLink}
      />
      {expiry && (
        <p id="sp-link-expiry" class="sp-hint">
          {expiry}
        </p>
      )}
      {props.demoSettingsHref && <DemoLinkNote href={props.demoSettingsHref} />}
      {passphrase && <PassphraseReveal passphrase={passphrase} onCopy={props.onCopyPassphrase} />}
      <div class="sp-row sp-share">
        <button type="button" onClick={props.onCopyMessage}>
          <CopyIcon />
          {t('push_copyMessage')}
        </button>
        <button type="button" aria-expanded={preview} onClick={() => setPreview(!preview)}>
          <EyeIcon />
          {t('push_preview')}
        </button>
        <button type="button" aria-expanded={qr.wanted} onClick={qr.toggle}>
          <QrIcon />
          {qr.wanted ? t('push_hideQr') : t('push_showQr')}
        </button>
      </div>
      <QrPanel qr={qr.qr} onDownloadPng={props.onDownloadPng} onDownloadSvg={props.onDownloadSvg} />
      {preview && <PreviewPanel {...props} passphrase={Boolean(passphrase)} />}
      {onNew && (
        <button type="button" onClick={onNew}>
          {t('push_newPush')}
        </button>
      )}
    </section>
  );
}
