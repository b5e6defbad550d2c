/** The dashboard's search and filters, as one pure function over the cached pushes. */
import { pushState } from '@/lib/watch/view';
import type { TrackedPush } from '@/lib/watch/types';

export type StateFilter = 'active' | 'expired' | 'all';

export interface Filters {
  /** Matched case-insensitively against the name, the note and the url_token. */
  query: string;
  state: StateFilter;
  passphraseOnly: boolean;
  /** Only the pushes of this server (a base URL); '' for every server. */
  server: string;
}

export const DEFAULT_FILTERS: Filters = { query: '', state: 'all', passphraseOnly: false, server: '' };

function matches(push: TrackedPush, query: string): boolean {
  if (!query) return true;
  return [push.name, push.note, push.url_token].some((text) => text.toLowerCase().includes(query));
}

/** The pushes to show, newest first. */
export function filterPushes(pushes: readonly TrackedPush[], filters: Filters, now: number): TrackedPush[] {
  const query = filters.query.trim().toLowerCase();
  // Each date parsed once, not once per comparison: this runs on every keystroke over hundreds of pushes.
  return pushes
    .filter((push) => {
      if (filters.passphraseOnly && !push.has_passphrase) return false;
      if (filters.server && push.server !== filters.server) return false;
      if (filters.state !== 'all' && (pushState(push, now) === 'active') !== (filters.state === 'active'))
        return false;
      return matches(push, query);
    })
    .map((push) => ({ push, at: Date.parse(push.created_at) }))
    .sort((a, b) => b.at - a.at)
    .map(({ push }) => push);
}
