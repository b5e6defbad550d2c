/**
 * Routing: /api/v2 (a `.json` suffix accepted on every path), the recipient pages and file downloads.
 * Tokens are matched raw (never decoded): a real token is [a-z0-9_-], so anything else simply is not found.
 */

export type Route =
  | { name: 'version' }
  | { name: 'create' }
  | { name: 'active' }
  | { name: 'expired' }
  | { name: 'retrieve'; token: string }
  | { name: 'delete'; token: string }
  | { name: 'preview'; token: string }
  | { name: 'audit'; token: string }
  | { name: 'page'; token: string; step: boolean }
  | { name: 'page-reveal'; token: string }
  | { name: 'page-delete'; token: string }
  | { name: 'download'; id: string };

const SEGMENT = '([^/]+)';

export function matchRoute(method: string, rawPath: string): Route | null {
  const path = rawPath.length > 1 ? rawPath.replace(/\/$/, '') : rawPath;
  if (path.startsWith('/api/v2/'))
    return matchApi(method, path.slice('/api/v2'.length).replace(/\.json$/, ''));
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^/p/${SEGMENT}(/r)?$`).exec(path))) {
    const token = m[1] as string;
    if (method === 'GET') return { name: 'page', token, step: m[2] !== undefined };
    if (method === 'POST') return { name: 'page-reveal', token };
    return null;
  }
  if (method === 'POST' && (m = new RegExp(`^/p/${SEGMENT}/delete$`).exec(path))) {
    return { name: 'page-delete', token: m[1] as string };
  }
  if (method === 'GET' && (m = new RegExp(`^/downloads/${SEGMENT}(/[^/]*)?$`).exec(path))) {
    return { name: 'download', id: m[1] as string };
  }
  return null;
}

function matchApi(method: string, path: string): Route | null {
  if (path === '/version') return method === 'GET' ? { name: 'version' } : null;
  if (path === '/pushes') return method === 'POST' ? { name: 'create' } : null;
  if (path === '/pushes/active' && method === 'GET') return { name: 'active' };
  if (path === '/pushes/expired' && method === 'GET') return { name: 'expired' };
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^/pushes/${SEGMENT}$`).exec(path))) {
    const token = m[1] as string;
    if (method === 'GET') return { name: 'retrieve', token };
    if (method === 'DELETE') return { name: 'delete', token };
    return null;
  }
  if (method === 'GET' && (m = new RegExp(`^/pushes/${SEGMENT}/(preview|audit)$`).exec(path))) {
    return { name: m[2] === 'preview' ? 'preview' : 'audit', token: m[1] as string };
  }
  return null;
}
