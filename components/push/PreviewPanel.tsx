import { useState } from 'preact/hooks';
import { LazyQrImage } from '@/components/LazyQrImage';
import { useLazyQr } from '@/components/useLazyQr';
import { ExternalLinkIcon } from '@/components/icons/ExternalLink';
import { t } from '@/lib/i18n';
import { openWarning } from '@/lib/push/open-warning';

export interface PreviewPanelProps {
  url: string;
  passphrase: boolean;
  /** The result shows the QR code already: the preview draws no second one. */
  qrShown: boolean;
  /** Views the recipient has left: what opening the page would take one of. */
  viewsLeft: number;
  /** The page shows a reveal step first, so only its Reveal counts a view. */
  retrievalStep: boolean;
  renderQr: (text: string) => Promise<string>;
  /** Opens the real page: asked for only after the person confirmed it may use a view. */
  onOpen: () => void;
}

/**
 * What the recipient gets, shown here without asking the server anything, so no view is counted. Only what
 * the result above does not show already (issue 20: it repeated the link and expiry, and stacked a second
 * QR code): the QR code while the result's is hidden, and whether a passphrase is needed. Opening the real
 * page is offered last, and only after saying what it costs.
 */
export function PreviewPanel(props: PreviewPanelProps) {
  const { qr } = useLazyQr(props.url, props.renderQr, true);
  const [confirming, setConfirming] = useState(false);
  return (
    <section class="sp-preview" aria-labelledby="sp-preview-title">
      <h3 id="sp-preview-title">{t('push_previewTitle')}</h3>
      {!props.qrShown && (
        <LazyQrImage
          qr={qr}
          alt={t('push_qrAlt')}
          size={144}
          classes={{ hint: 'sp-hint', error: 'sp-error' }}
        />
      )}
      {props.passphrase && <p class="sp-hint">{t('push_previewNeedsPassphrase')}</p>}
      <p class="sp-hint">{t('push_previewNoView')}</p>
      {confirming ? (
        <div class="sp-confirm" role="group" aria-labelledby="sp-open-warning">
          <p id="sp-open-warning">
            {openWarning({
              views_remaining: props.viewsLeft,
              expire_after_views: props.viewsLeft,
              retrieval_step: props.retrievalStep,
            })}
          </p>
          <div class="sp-row">
            <button type="button" class="danger" onClick={props.onOpen}>
              {t('push_openAndUseView')}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('push_cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          <ExternalLinkIcon />
          {t('push_openPage')}
        </button>
      )}
    </section>
  );
}
