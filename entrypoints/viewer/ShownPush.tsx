import { useMemo, useState } from 'preact/hooks';
import { SecretContent } from '@/components/viewer/SecretContent';
import { describeError, type RetrievedPush } from '@/lib/api';
import { clearCopyLater } from '@/lib/clipboard/copied';
import { QR_MAX_CHARS, type PushKind } from '@/lib/contract';
import { recipientClient } from './api';
import { useFileDownloads } from './useFileDownloads';
import { useQrImage } from './useQrImage';

export interface ShownPushProps {
  urlToken: string;
  push: RetrievedPush;
  kind?: PushKind;
  /** The recipient deleted the push (deletable_by_viewer). */
  onDeleted: () => void;
}

/** The revealed secret with what a recipient can do with it: copy, QR code, download, delete. */
export function ShownPush({ urlToken, push, kind, onDeleted }: ShownPushProps) {
  const client = useMemo(recipientClient, []);
  const [notice, setNotice] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [wantQr, setWantQr] = useState(false);
  // A qr push is drawn at once, as the server's page does; any other payload only on request.
  const qr = useQrImage(push.payload, wantQr || kind === 'qr', setNotice);
  const files = useFileDownloads(push.files, setNotice);

  const copy = () =>
    navigator.clipboard.writeText(push.payload ?? '').then(
      () => {
        setCopied(true);
        void clearCopyLater(push.payload ?? '');
      },
      () => setNotice('Copying failed: select the text and copy it yourself.'),
    );
  const remove = () =>
    client.deletePush(urlToken).then(onDeleted, (error: unknown) => setNotice(describeError(error)));

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
        onCopy={copy}
        downloading={files.downloading}
        onDownload={files.download}
      />
      <p>
        {push.views_remaining === 1
          ? 'This secret can be viewed 1 more time.'
          : `This secret can be viewed ${push.views_remaining} more times.`}
      </p>
      {push.deletable_by_viewer && (
        <button type="button" class="danger" onClick={remove}>
          Delete this secret
        </button>
      )}
      {notice && <p role="alert">{notice}</p>}
    </>
  );
}
