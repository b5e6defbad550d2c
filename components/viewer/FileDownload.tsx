import { t } from '@/lib/i18n';

export interface FileDownloadProps {
  busy: boolean;
  error?: string;
  onDownload: () => void;
}

/** A file link of a shared secret, opened on its own. */
export function FileDownload({ busy, error, onDownload }: FileDownloadProps) {
  return (
    <section class="card" aria-labelledby="file-heading">
      <h2 id="file-heading">{t('viewer_fileShared')}</h2>
      <button type="button" onClick={onDownload} disabled={busy}>
        {busy ? t('viewer_downloading') : t('viewer_downloadFile')}
      </button>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
