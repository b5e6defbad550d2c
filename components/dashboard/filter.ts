/** The dashboard's search and filters, as pure functions over the cached pushes. */
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

/** Whether the filters leave out any push (a search, a state, passphrase only, one server). */
export function isNarrowing(filters: Filters): boolean {
  return (
    filters.query.trim() !== '' ||
    filters.state !== DEFAULT_FILTERS.state ||
    filters.passphraseOnly !== DEFAULT_FILTERS.passphraseOnly ||
    filters.server !== DEFAULT_FILTERS.server
  );
}

/** One push as the filters read it: its searched words lower-cased once, not on every keystroke. */
interface Indexed {
  push: TrackedPush;
  /** Name, note and url_token, lower-cased, one per line (a query from Search holds no line break). */
  haystack: string;
}

/**
 * The pushes, newest first, each with what Search reads in it: made once per list of pushes, so that a
 * keystroke over 10,000 pushes (issue 19) is one pass of `includes`, with no sorting, date parsing or
 * lower-casing.
 */
export type SearchIndex = readonly Indexed[];

/** The pushes newest first, with their search text prepared (see SearchIndex). */
export function indexPushes(pushes: readonly TrackedPush[]): SearchIndex {
  return pushes
    .map((push) => ({
      push,
      at: Date.parse(push.created_at),
      haystack: `${push.name}\n${push.note}\n${push.url_token}`.toLowerCase(),
    }))
    .sort((a, b) => b.at - a.at)
    .map(({ push, haystack }) => ({ push, haystack }));
}

/** The pushes of `index` the filters leave, newest first. */
export function filterIndexed(index: SearchIndex, filters: Filters, now: number): TrackedPush[] {
  const query = filters.query.trim().toLowerCase();
  const shown: TrackedPush[] = [];
  for (const { push, haystack } of index) {
    if (filters.passphraseOnly && !push.has_passphrase) continue;
    if (filters.server && push.server !== filters.server) continue;
    if (filters.state !== 'all' && (pushState(push, now) === 'active') !== (filters.state === 'active'))
      continue;
    if (query && !haystack.includes(query)) continue;
    shown.push(push);
  }
  return shown;
}
