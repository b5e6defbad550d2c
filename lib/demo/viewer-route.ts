/**
 * The viewer page's routes. In demo mode html_url is viewer.html#/p/<token>[/r] and each files[].url is
 * viewer.html#/downloads/<id>/<name>; the hash carries the demo service's path. The viewer serves exactly
 * these two shapes: a crafted link must not reach any other path of the service (the API would retrieve a
 * push, and count a view, without the reveal step).
 *
 * This address holds a token on purpose (issue 37): it is the demo push's link itself, as a real server's
 * link is its own page, and the browser's history keeps it when it is opened, as it keeps a real server's.
 * The extension's own addresses of a push hold an opaque key instead (lib/watch/push-address.ts).
 */
import { DEMO_BASE_URL } from './constants';

export type ViewerRoute =
  | { kind: 'push'; urlToken: string; retrievalStep: boolean }
  /** path: the service path to fetch, rebuilt from the checked parts; name: the file's name, decoded. */
  | { kind: 'file'; path: string; name: string }
  | { kind: 'invalid' };

const INVALID: ViewerRoute = { kind: 'invalid' };
const TOKEN = /^[A-Za-z0-9_-]+$/;

/** One segment decoded once; null for a malformed escape or an encoded slash or backslash. */
function decodeSegment(raw: string): string | null {
  try {
    const segment = decodeURIComponent(raw);
    return /[/\\]/.test(segment) ? null : segment;
  } catch {
    // A malformed escape (`%E0%A4%A`) makes the whole link unreadable: a broken link, not a crash.
    return null;
  }
}

/**
 * The path's segments, decoded once, with literal `.` and `..` resolved (as a browser would before
 * fetching); null when the path cannot be read safely. Encoded dots stay text: `%2e` is never a step up.
 */
function segmentsOf(path: string): string[] | null {
  // Backslashes and white space are rewritten or dropped by URL parsers: no link of ours has them.
  if (!path.startsWith('/') || /[\\\s]/.test(path)) return null;
  const raw = path.slice(1).split('/');
  if (raw.length > 1 && raw.at(-1) === '') raw.pop();
  const segments: string[] = [];
  for (const part of raw) {
    if (part === '.') continue;
    if (part === '..') {
      segments.pop();
      continue;
    }
    const segment = decodeSegment(part);
    if (!segment) return null;
    segments.push(segment);
  }
  return segments;
}

/** A decoded name as a path segment; `.` and `..` have none (the service's route does not need it). */
function nameSegment(name: string): string {
  return name === '.' || name === '..' ? '' : `/${encodeURIComponent(name)}`;
}

/** Reads location.hash (with or without its '#'): only the routes the viewer serves, anything else invalid. */
export function parseViewerHash(hash: string): ViewerRoute {
  const segments = segmentsOf(hash.replace(/^#/, ''));
  if (!segments) return INVALID;
  const [first, id, last, ...rest] = segments;
  if (rest.length > 0 || !id || !TOKEN.test(id)) return INVALID;
  if (first === 'p' && (last === undefined || last === 'r'))
    return { kind: 'push', urlToken: id, retrievalStep: last === 'r' };
  if (first === 'downloads') {
    const name = last ?? 'download';
    return { kind: 'file', path: `/downloads/${id}${last === undefined ? '' : nameSegment(name)}`, name };
  }
  return INVALID;
}

/**
 * The demo-service URL to fetch for a file link the service generated: viewer links carry the path in their
 * hash, links on DEMO_BASE_URL their own path; either must be a download path. Anything else: null.
 */
export function demoUrlForLink(link: string, viewerUrl: string): string | null {
  let path: string;
  if (link.startsWith(`${DEMO_BASE_URL}/`)) path = link.slice(DEMO_BASE_URL.length);
  else if (link.startsWith(`${viewerUrl}#/`)) path = link.slice(viewerUrl.length + 1);
  else return null;
  const route = parseViewerHash(path);
  return route.kind === 'file' ? DEMO_BASE_URL + route.path : null;
}
