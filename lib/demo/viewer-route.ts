/**
 * The viewer page's routes. In demo mode html_url is viewer.html#/p/<token>[/r] and each files[].url is
 * viewer.html#<download path>; the hash carries the demo service's path.
 */
import { DEMO_BASE_URL } from './constants';

export type ViewerRoute =
  | { kind: 'push'; urlToken: string; retrievalStep: boolean }
  | { kind: 'file'; path: string }
  | { kind: 'invalid' };

const PUSH_PATH = /^\/p\/([A-Za-z0-9_-]+)(\/r)?\/?$/;

/** Reads location.hash (with or without its '#'). */
export function parseViewerHash(hash: string): ViewerRoute {
  const path = hash.replace(/^#/, '');
  const push = PUSH_PATH.exec(path);
  if (push?.[1]) return { kind: 'push', urlToken: push[1], retrievalStep: push[2] !== undefined };
  // Any other path of the service is a file download, except the API and the push pages: a crafted viewer
  // link must not retrieve a push (and count a view) without the reveal step.
  if (path.startsWith('/') && !path.startsWith('//') && !/^\/(api|p)(\/|$)/.test(path))
    return { kind: 'file', path };
  return { kind: 'invalid' };
}

/**
 * The demo-service URL to fetch for a link the service generated: viewer links carry the path in their
 * hash; a link already on DEMO_BASE_URL is used as is. Anything else is not ours: null.
 */
export function demoUrlForLink(link: string, viewerUrl: string): string | null {
  if (link.startsWith(`${DEMO_BASE_URL}/`)) return link;
  if (!link.startsWith(`${viewerUrl}#/`)) return null;
  return DEMO_BASE_URL + link.slice(viewerUrl.length + 1);
}
