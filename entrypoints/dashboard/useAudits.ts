/** The audit logs opened on the page, one per push, read from the watcher when first shown. */
import { useState } from 'preact/hooks';
import type { AuditState } from '@/components/dashboard/AuditTimeline';
import { describeError } from '@/lib/api/describe';
import { askWatcher } from './ask';

export interface Audits {
  /** By url_token; a push not listed is hidden. */
  audits: Record<string, AuditState>;
  /** Shows a hidden log (reading it again), hides a shown one. */
  toggle: (token: string, server: string) => void;
}

export function useAudits(): Audits {
  const [audits, setAudits] = useState<Record<string, AuditState>>({});
  const set = (token: string, audit: AuditState) => setAudits((all) => ({ ...all, [token]: audit }));
  const toggle = (token: string, server: string) => {
    if ((audits[token]?.state ?? 'hidden') !== 'hidden') {
      set(token, { state: 'hidden' });
      return;
    }
    set(token, { state: 'loading' });
    askWatcher('audit', { url_token: token, server }).then(
      (entries) => set(token, { state: 'shown', entries }),
      (error: unknown) => set(token, { state: 'failed', message: describeError(error) }),
    );
  };
  return { audits, toggle };
}
