import { useState } from 'preact/hooks';
import { LazyQrImage } from '@/components/LazyQrImage';
import { useLazyQr } from '@/components/useLazyQr';
import { ExternalLinkIcon } from '@/components/icons/ExternalLink';

export interface PreviewPanelProps {
  url: string;
  expiry?: string;
  passphrase: boolean;
  /** Views the recipient has left: what opening the page would take one of. */
  viewsLeft: number;
  /** The page shows a reveal step first, so only its Reveal counts a view. */
  retrievalStep: boolean;
  renderQr: (text: string) => Promise<string>;
  /** Opens the real page: asked for only after the person confirmed it may use a view. */
  onOpen: () => void;
}

/** What opening the real page costs, said before it is done. */
export function openWarning(viewsLeft: number, retrievalStep: boolean): string {
  const of = `one of the ${viewsLeft} view${viewsLeft === 1 ? '' : 's'} left`;
  return retrievalStep
    ? `The page asks before it reveals the secret: revealing it there uses ${of}.`
    : `Opening the page uses ${of}${viewsLeft === 1 ? ': the recipient would find it expired' : ''}.`;
}

/**
 * What the recipient gets, shown here without asking the server anything, so no view is counted: the link,
 * its QR code, when it expires and whether a passphrase is needed. Opening the real page is offered last,
 * and only after saying what it costs.
 */
export function PreviewPanel(props: PreviewPanelProps) {
  const { qr } = useLazyQr(props.url, props.renderQr, true);
  const [confirming, setConfirming] = useState(false);
  return (
    <section class="sp-preview" aria-labelledby="sp-preview-title">
      <h3 id="sp-preview-title">What the recipient gets</h3>
      <p class="sp-preview-link">{props.url}</p>
      <LazyQrImage
        qr={qr}
        alt="QR code of the secret link"
        size={144}
        classes={{ hint: 'sp-hint', error: 'sp-error' }}
      />
      {props.expiry && <p class="sp-hint">{props.expiry}</p>}
      {props.passphrase && <p class="sp-hint">They need the passphrase, which you send separately.</p>}
      <p class="sp-hint">This preview uses no view.</p>
      {confirming ? (
        <div class="sp-confirm" role="group" aria-labelledby="sp-open-warning">
          <p id="sp-open-warning">{openWarning(props.viewsLeft, props.retrievalStep)}</p>
          <div class="sp-row">
            <button type="button" class="danger" onClick={props.onOpen}>
              Open and use a view
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          <ExternalLinkIcon />
          Open the page…
        </button>
      )}
    </section>
  );
}
