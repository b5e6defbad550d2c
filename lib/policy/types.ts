/**
 * An organization's managed policy (issue 12) as the extension uses it: Chrome's storage.managed (declared by
 * public/managed-schema.json) or Firefox's policies.json `3rdparty.Extensions`, checked by parse.ts. Types
 * only, free of zod, so the popup can read the checked policy in its first chunk.
 */
import type { PushKind } from '@/lib/contract';
import type { PushDefaults } from '@/lib/store/items';

/** Where a token may be kept: 'any' leaves the choice to the user. */
export type PolicyTokenPlace = 'device' | 'session' | 'any';

/** The keys an organization may set; a missing key leaves that setting to the user. */
export interface Policy {
  /** The organization's server, normalized (lib/store/rules.ts normalizeServerUrl). */
  serverUrl?: string;
  /** The user cannot add, change or remove servers. */
  lockServer?: boolean;
  allowDemoMode?: boolean;
  tokenPlace?: PolicyTokenPlace;
  /** The kinds of push offered, in the popup and the quick-push menus; never empty. */
  allowedKinds?: PushKind[];
  /** The organization's defaults for new pushes, each field on its own. */
  defaults?: Partial<PushDefaults>;
  watchIntervalMinutes?: number;
}

export type PolicyKey = keyof Policy;

/** The keys in the order the schema and the README list them. */
export const POLICY_KEYS: readonly PolicyKey[] = [
  'serverUrl',
  'lockServer',
  'allowDemoMode',
  'tokenPlace',
  'allowedKinds',
  'defaults',
  'watchIntervalMinutes',
];

/**
 * A managed value that was ignored: `key` names it as the administrator wrote it (`defaults.passphrase`,
 * `allowedKinds[2]`), `value` is what was there, shortened, for the options page to quote.
 */
export interface PolicyNote {
  key: string;
  value: string;
}

/** The most notes a checked policy keeps: enough to show what is wrong, small enough to always be stored. */
export const POLICY_NOTES_MAX = 20;

/** The checked policy and a note for each value it ignored, up to POLICY_NOTES_MAX. */
export interface PolicyState {
  policy: Policy;
  notes: PolicyNote[];
  /** How many ignored values have no note (beyond POLICY_NOTES_MAX); absent when none. */
  notesLeftOff?: number;
}

/** No storage.managed, nothing set, or nothing valid: the user decides everything. */
export const NO_POLICY: PolicyState = { policy: {}, notes: [] };
