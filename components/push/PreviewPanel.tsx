import { useState } from 'preact/hooks';
import { ExternalLinkIcon } from '@/components/icons';
import { t } from '@/lib/i18n';
import { openWarning } from '@/lib/push';

export interface PreviewPanelProps {
  url: string;
  passphrase: boolean;
  /** Views the recipient has left: what opening the page would take one of. */
  viewsLeft: number;
  /** The page shows a reveal step first, so only its Reveal counts a view. */
  retrievalStep: boolean;
  /** Opens the real page: asked for only after the person confirmed it may use a view. */
  onOpen: () => void;
}

/** The server's host the link opens on; the link itself (its token) is shown in the result above. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url; // the result shows a link only once it passed lib/api/link.ts: not reached
  }
}

/**
 * What the recipient will see, step by step, in the order the page shows it: the link's server, the
 * passphrase it asks for, the click-through of a reveal step, then the secret (which uses a view). Shown
 * without asking the server anything, so no view is counted. It used to be the QR code again (a second
 * copy of the result's own); the result shows the link, its expiry and the QR code, so none is repeated.
 * Opening the real page is offered last, and only after saying what it costs.
 */
export function PreviewPanel(props: PreviewPanelProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section class="sp-preview" aria-labelledby="sp-preview-title">
      <h3 id="sp-preview-title">{t('push_previewTitle')}</h3>
      <ol class="sp-preview-steps">
        <li>{t('push_previewStepOpen', hostOf(props.url))}</li>
        {props.passphrase && <li>{t('push_previewNeedsPassphrase')}</li>}
        {props.retrievalStep && <li>{t('push_retrievalStepHint')}</li>}
        <li>{t('push_previewStepSecret')}</li>
      </ol>
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
