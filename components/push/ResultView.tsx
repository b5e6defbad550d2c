import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useLazyQr } from '@/components/useLazyQr';
import { LinkBlock } from './LinkBlock';
import { PassphraseReveal } from './PassphraseReveal';
import { PreviewPanel } from './PreviewPanel';
import { QrPanel } from './QrPanel';
import './push.css';
import './result.css';
import './sr.css';
import { CopyIcon, EyeIcon, QrIcon } from '@/components/icons';
import { t } from '@/lib/i18n';

export interface ResultViewProps {
  url: string;
  /** e.g. "Expires in 1 week or after 5 views, whichever comes first." (expiryInWords) */
  expiry?: string;
  /** Present only when the push has one: shown behind an eye toggle, and copied on its own. */
  passphrase?: string | null;
  /** The secret the generator made for this push: the creator's own copy, behind its eye toggle. */
  secret?: string | null;
  /** Views the recipient has left, and whether the page has a reveal step: what "Open the page" costs. */
  viewsLeft: number;
  retrievalStep: boolean;
  /** e.g. the host-mismatch warning in words. */
  warning?: string;
  /**
   * Feedback such as "Push created, link copied" or "Link copied": shown here, and said once through the
   * page's live region by the container that made it (components/announce.ts).
   */
  status?: string;
  /** Draws the QR code as SVG markup. Called only once the code is shown, so its encoder loads lazily. */
  renderQr: (text: string) => Promise<string>;
  onCopyLink: () => void;
  /** Opens the real page (uses a view unless there is a reveal step): offered in the preview, confirmed. */
  onOpen: () => void;
  onCopyMessage: () => void;
  onCopyPassphrase: () => void;
  onCopySecret?: () => void;
  onDownloadPng: () => void;
  onDownloadSvg: () => void;
  /** Back to an empty form ("New push"). */
  onNew?: () => void;
  /** The hand-off is over ("Done"): the container erases the kept result and closes the popup. */
  onDone?: () => void;
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

/** The result's way out: New push (the form again), and Done (the hand-off is over). */
function ResultEnd({ onNew, onDone }: Pick<ResultViewProps, 'onNew' | 'onDone'>) {
  return (
    <div class="sp-row sp-result-end">
      {onNew && (
        <button type="button" onClick={onNew}>
          {t('push_newPush')}
        </button>
      )}
      {onDone && (
        <button type="button" onClick={onDone}>
          {t('push_done')}
        </button>
      )}
    </div>
  );
}

type Panel = 'preview' | 'qr';

/**
 * Esc closes the innermost thing: the panel opened last (the preview or the QR code), giving focus back to
 * its toggle. With none open it does nothing here, so the result (passphrase and all) is never dropped by
 * Esc; in a popup the browser may close the popup, and the hand-off keeps the result for its reopening.
 */
function useEscapeClosesPanels(close: (panel: Panel) => void) {
  const open = useRef<Panel[]>([]);
  const closeRef = useRef(close);
  closeRef.current = close;
  // On the document, not the section: after a create the focus may be on the page itself. A layout effect,
  // so an Esc pressed as soon as the result shows is already heard.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.ctrlKey || event.metaKey || event.altKey) return;
      const panel = open.current.pop();
      if (!panel) return;
      event.preventDefault();
      closeRef.current(panel);
      document.getElementById(`sp-toggle-${panel}`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  /** Notes a panel opened or closed by its toggle. */
  return (panel: Panel, opened: boolean) => {
    open.current = open.current.filter((p) => p !== panel);
    if (opened) open.current.push(panel);
  };
}

/** The created push: its link (focused, large, copied at once when the setting says so) and ways to share it. */
export function ResultView(props: ResultViewProps) {
  const { url, expiry, passphrase, warning, status, onNew } = props;
  const [preview, setPreview] = useState(false);
  const qr = useLazyQr(url, props.renderQr);
  const toggled = useEscapeClosesPanels((panel) => (panel === 'qr' ? qr.toggle() : setPreview(false)));
  return (
    <section class="sp-result" aria-labelledby="sp-result-title">
      {/* The status line below says it on screen ("Push created, link copied"); the heading names the part.
          Not a status region: one created with its text is announced unreliably, so the container says it
          through the page's live region. */}
      <h2 id="sp-result-title" class="sp-sr">
        {t('push_created')}
      </h2>
      <p class="sp-status">{status}</p>
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
      {props.secret && props.onCopySecret && (
        <PassphraseReveal passphrase={props.secret} onCopy={props.onCopySecret} generated />
      )}
      <div class="sp-row sp-share">
        <button type="button" onClick={props.onCopyMessage}>
          <CopyIcon />
          {t('push_copyMessage')}
        </button>
        <button
          type="button"
          id="sp-toggle-preview"
          aria-expanded={preview}
          onClick={() => {
            toggled('preview', !preview);
            setPreview(!preview);
          }}
        >
          <EyeIcon />
          {t('push_preview')}
        </button>
        <button
          type="button"
          id="sp-toggle-qr"
          aria-expanded={qr.wanted}
          onClick={() => {
            toggled('qr', !qr.wanted);
            qr.toggle();
          }}
        >
          <QrIcon />
          {qr.wanted ? t('push_hideQr') : t('push_showQr')}
        </button>
      </div>
      <QrPanel qr={qr.qr} onDownloadPng={props.onDownloadPng} onDownloadSvg={props.onDownloadSvg} />
      {preview && <PreviewPanel {...props} passphrase={Boolean(passphrase)} />}
      <ResultEnd onNew={onNew} onDone={props.onDone} />
    </section>
  );
}
