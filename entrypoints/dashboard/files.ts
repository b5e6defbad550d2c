/** Page-side effects of an export: the audit logs it reads and the file it saves. */
import { saveFile } from '@/lib/download';
import type { PushAudit } from '@/lib/export';
import { askWatcher } from './ask';
import type { TrackedPush } from '@/lib/watch/types';

const TYPES = { csv: 'text/csv;charset=utf-8', json: 'application/json' } as const;

/** Saves an export's text as a file of its format. */
export function downloadText(text: string, fileName: string, format: keyof typeof TYPES): void {
  saveFile(new Blob([text], { type: TYPES[format] }), fileName);
}

/**
 * The audit log of each push, one request after another so a long list does not trip the server's rate
 * limit. `progress` is told how far it got; the first failure stops the export (thrown as AppError).
 */
export async function fetchAudits(
  pushes: readonly TrackedPush[],
  progress: (done: number, total: number) => void,
): Promise<PushAudit[]> {
  const audits: PushAudit[] = [];
  for (const push of pushes) {
    progress(audits.length, pushes.length);
    audits.push({ push, entries: await askWatcher('audit', { url_token: push.url_token }) });
  }
  return audits;
}
