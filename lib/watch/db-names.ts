/** The cache's name, version and version 1 mark, apart from idb: the popup's quick read (peek.ts) needs only these. */
export const WATCH_DB_NAME = 'secret-push';
/** 2: every record carries its account key (account.ts), indexed 'by-account'. */
export const WATCH_DB_VERSION = 2;
/** Never a real key (those start with an origin, or are 'demo'): version 1 records awaiting adoption (migrate.ts). */
export const LEGACY_ACCOUNT = 'legacy';
