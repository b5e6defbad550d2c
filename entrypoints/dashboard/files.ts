/** Page-side effects the dashboard needs: saving a file, the clipboard, the audit logs for an export. */
import type { PushAudit } from '@/lib/export';
import { sendMessage } from '@/lib/messages/runtime';
import { watchMessages } from '@/lib/watch/messages';
import type { TrackedPush } from '@/lib/watch/types';

const TYPES = { csv: 'text/csv;charset=utf-8', json: 'application/json' } as const;

/** Saves text as a file through a Blob URL and a download link (no downloads permission needed). */
export function downloadText(text: string, fileName: string, format: keyof typeof TYPES): void {
  const url = URL.createObjectURL(new Blob([text], { type: TYPES[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the Blob only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
    audits.push({ push, entries: await sendMessage(watchMessages.audit, { url_token: push.url_token }) });
  }
  return audits;
}
