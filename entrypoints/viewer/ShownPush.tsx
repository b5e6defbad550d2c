import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { DeleteSecret } from '@/components/viewer/DeleteSecret';
import { ExpiryNote } from '@/components/viewer/ExpiryNote';
import { SecretContent } from '@/components/viewer/SecretContent';
import { describeError, type RetrievedPush } from '@/lib/api';
import { QR_MAX_CHARS, type PushKind } from '@/lib/contract';
import { viewsAfterReveal } from '@/lib/format/lifetime';
import { t } from '@/lib/i18n';
import { recipientClient } from './api';
import { useCopy } from './useCopy';
import { useFileDownloads } from './useFileDownloads';
import { useQrImage } from './useQrImage';

export interface ShownPushProps {
  urlToken: string;
  push: RetrievedPush;
  kind?: PushKind;
  /** The recipient deleted the push (deletable_by_viewer). */
  onDeleted: () => void;
}

/**
 * The revealed secret with what a recipient can do with it: copy, QR code, download, delete. It takes the
 * focus when it appears with focus nowhere (the Reveal or Unlock button that showed it is gone), so a
 * keyboard or screen-reader user lands on the secret, not on the page's body.
 */
export function ShownPush({ urlToken, push, kind, onDeleted }: ShownPushProps) {
  const client = useMemo(recipientClient, []);
  const [notice, setNotice] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const [wantQr, setWantQr] = useState(false);
  // A qr push is drawn at once, as the server's page does; any other payload only on request.
  const qr = useQrImage(push.payload, wantQr || kind === 'qr', setNotice);
  const files = useFileDownloads(push.files, setNotice);
  const copy = useCopy(push.payload ?? '', () => setNotice(t('viewer_copyFailed')));
  // When the page was drawn: the expiry reads from then, nothing ticks.
  const [now] = useState(Date.now);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) card.current?.focus();
  }, []);

  const remove = () => {
    setDeleting(true);
    const done = () => {
      announce(t('viewer_deletedTitle'));
      onDeleted();
    };
    client.deletePush(urlToken).then(done, (error: unknown) => {
      setDeleting(false);
      setNotice(describeError(error));
    });
  };

  return (
    <div class="card" tabIndex={-1} ref={card}>
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
        copied={copy.copied}
        onCopy={copy.copy}
        downloading={files.downloading}
        onDownload={files.download}
      />
      <div class="lifetime">
        <p>{viewsAfterReveal(push.views_remaining)}</p>
        {push.views_remaining > 0 && <ExpiryNote facts={push} now={now} />}
      </div>
      {/* After the last view the push is already expiring: nothing is left to delete, as on the host's page. */}
      {push.deletable_by_viewer && push.views_remaining > 0 && (
        <DeleteSecret busy={deleting} onDelete={remove} />
      )}
      {notice && <p role="alert">{notice}</p>}
    </div>
  );
}
