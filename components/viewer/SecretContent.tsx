import { CheckIcon, CopyIcon, QrIcon } from '@/components/icons';
import { ClassedSecret } from './ClassedSecret';
import type { PushKind } from '@/lib/contract';
import { t } from '@/lib/i18n';

export interface SecretFile {
  filename: string;
  content_type: string;
}

export interface SecretContentProps {
  /** undefined when the server does not say: v2 responses never carry the kind (reference §3). */
  kind?: PushKind;
  payload: string | null;
  files: SecretFile[];
  /** data: URL of the QR code image (rendered by the container). */
  qrDataUrl?: string;
  /** Offers to draw the payload as a QR code, when the kind is unknown; absent: no offer. */
  onShowQr?: () => void;
  copied: boolean;
  onCopy: () => void;
  /** Index of the file being downloaded, if any. */
  downloading?: number;
  onDownload: (index: number) => void;
}

/** Only web links become clickable: a url push could otherwise carry a javascript: link. */
function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false; // not a URL at all: shown as text
  }
}

/** The revealed secret: the payload as text, link or QR code, a copy button, and the files. */
export function SecretContent(props: SecretContentProps) {
  const { kind, payload, files } = props;
  // A url push, or (kind unknown) a payload that is exactly one web address.
  const asLink = (kind === 'url' || kind === undefined) && payload !== null && isWebUrl(payload);
  return (
    <section aria-labelledby="secret-heading">
      <h2 id="secret-heading">{t('viewer_secretHeading')}</h2>
      {payload !== null && payload !== '' && (
        <div>
          {asLink ? (
            <p>
              <a href={payload} target="_blank" rel="noopener noreferrer" dir="ltr">
                {payload}
              </a>
            </p>
          ) : (
            <ClassedSecret payload={payload} />
          )}
          {props.qrDataUrl && <img src={props.qrDataUrl} alt={t('viewer_qrAlt')} />}
          <div class="actions">
            {/* The one thing a recipient came for: the first and primary button. */}
            <button type="button" class="primary copy" onClick={props.onCopy}>
              {props.copied ? <CheckIcon /> : <CopyIcon />}
              {props.copied ? t('viewer_copied') : t('viewer_copy')}
            </button>
            {!props.qrDataUrl && props.onShowQr && (
              <button type="button" onClick={props.onShowQr}>
                <QrIcon />
                {t('viewer_showQr')}
              </button>
            )}
          </div>
        </div>
      )}
      {files.length > 0 && (
        <ul aria-label={t('viewer_files')}>
          {files.map((file, index) => (
            <li key={`${index}-${file.filename}`}>
              <button
                type="button"
                onClick={() => props.onDownload(index)}
                disabled={props.downloading === index}
              >
                {t('viewer_downloadNamed', file.filename)}
              </button>{' '}
              <small>{file.content_type}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
