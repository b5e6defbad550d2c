import { useState } from 'preact/hooks';
import { FileDownload } from '@/components/viewer/FileDownload';
import { describeError } from '@/lib/api';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { downloadDemoFile } from './download';

/** A file link of the demo service opened on its own (viewer.html#/<download path>). */
export function FileViewer({ path, name }: { path: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const download = () => {
    setBusy(true);
    setError(undefined);
    downloadDemoFile(DEMO_BASE_URL + path, name)
      .catch((failure: unknown) => setError(describeError(failure)))
      .finally(() => setBusy(false));
  };
  return <FileDownload busy={busy} error={error} onDownload={download} />;
}
