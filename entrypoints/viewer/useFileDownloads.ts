/** The revealed push's files: one download at a time per button, its failure said in words. */
import { useState } from 'preact/hooks';
import { describeError } from '@/lib/api';
import { downloadDemoFile } from './download';

export interface FileDownloads {
  /** Index of the file being downloaded, if any. */
  downloading?: number;
  download: (index: number) => void;
}

export function useFileDownloads(
  files: ReadonlyArray<{ url: string; filename: string }>,
  onError: (message: string) => void,
): FileDownloads {
  const [downloading, setDownloading] = useState<number>();
  const download = (index: number) => {
    const file = files[index];
    if (!file) return;
    setDownloading(index);
    downloadDemoFile(file.url, file.filename)
      .catch((error: unknown) => onError(describeError(error)))
      .finally(() => setDownloading(undefined));
  };
  return { downloading, download };
}
