/**
 * The mock service's options and handler: its public API (see plan/interfaces.md). Apart from types.ts so
 * the records do not depend on the store that keeps them.
 */
import type { MockStore } from './store';
import type { Edition } from './types';

export interface MockUser {
  email: string;
  token: string;
}

export interface MockBackendOptions {
  store: MockStore;
  /** e.g. 'http://127.0.0.1:8787' (no trailing slash). */
  baseUrl: string;
  /** Default 'pro'. */
  edition?: Edition;
  users?: MockUser[];
  /** ms since epoch, default Date.now. */
  clock?: () => number;
  /** Default crypto.getRandomValues. */
  random?: (bytes: number) => Uint8Array;
  /** Requests per minute per client address; 0 = off; default 120. */
  rateLimit?: number;
  /** 413 above it; default 64 MiB. */
  maxBodyBytes?: number;
  /**
   * The most file bytes the service keeps at once; a file push past it is refused as the real server refuses
   * one when its storage is full (a 500, nothing stored). Default: no cap (the browser's demo service).
   */
  maxStoredBytes?: number;
  /** Where html_url / preview url / files[].url point; default baseUrl + path. */
  pageUrl?: (path: string) => string;
  /**
   * Where unexpected engine failures are reported (they answer 500); default console.error. The line names
   * the method, the route and the error's class only: never a body, a query string, a token or a message
   * that could quote stored values.
   */
  logError?: (line: string) => void;
}

export type MockHandler = (request: Request, info?: { ip?: string }) => Promise<Response>;
