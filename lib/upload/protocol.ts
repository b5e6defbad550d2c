/**
 * Uploads that survive the popup (issue 37 #6): the popup hands a file push to the document where uploads
 * run (the offscreen document in Chrome, the background page in Firefox) over one BroadcastChannel. Both are
 * extension documents of the same origin, so the job's Files cross by structured clone, as references to
 * the browser's blob storage (runtime.sendMessage would JSON-serialise them in Chrome); no byte of a file
 * and no secret is ever written to storage. What the runner says of an upload is plain data.
 */
import type { CreatePushInput, CreateResult, VersionInfo } from '@/lib/api';
import type { AppErrorData } from '@/lib/errors';

/** The one channel between popups and the runner. */
export { UPLOADS_CHANNEL } from '@/lib/messages/message';

/** A finished upload waits this long for its popup to take it before the background says it ended. */
export const TAKE_MS = 500;
/** A finished upload no popup took is forgotten after this long (its passphrase with it). */
export const KEEP_MS = 10 * 60 * 1000;

/** A file push, as the popup hands it over. */
export interface UploadJob {
  /** The saved server picked in the popup; undefined: the default one. */
  server?: string;
  input: CreatePushInput;
  /** What the push's label may show (the first file's name), as the popup would record it. */
  subject?: string;
  /** The server's version as the popup's client read it, so the runner does not ask again. */
  version?: VersionInfo;
}

/** What the runner tells of one upload. `total`: the files' bytes; `sent`: how many of them are sent. */
export type UploadState = { id: string; sent: number; total: number } & (
  | { status: 'sending' }
  /** `server`: the client's base URL, which the link is checked against. */
  | { status: 'done'; result: CreateResult; server: string; passphrase?: string }
  | { status: 'failed'; error: AppErrorData }
);

/** Popup → runner. */
export type ToRunner =
  | { type: 'start'; id: string; job: UploadJob }
  | { type: 'cancel'; id: string }
  /** A popup opened: which upload is under way or ended untaken? */
  | { type: 'ask' }
  /** The popup showed the end of this upload: it is the popup's now. */
  | { type: 'taken'; id: string }
  /** A file push is being filled in: connect to this server now, so Create goes straight to the upload. */
  | { type: 'prepare'; server?: string };

/** Runner → popups. `upload` null: none under way or waiting. */
export type FromRunner = { type: 'accepted'; id: string } | { type: 'state'; upload: UploadState | null };

/** The part of BroadcastChannel used here (tests pass a real one; two of one name talk to each other). */
export interface Channel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}
