/** POST /api/v2/pushes: parse, validate (validate.ts), store the push with its files and audit entries. */
import { parseBody } from './body';
import { newFileId, newUrlToken } from './encoding';
import { viewEnv, type Call, type Engine } from './engine';
import { internalError, json, missingPush, signInRequired } from './responses';
import { fileSize } from './store';
import { checkCreate, type CreateSpec } from './validate';
import { pushView } from './views';
import type { AuditRecord, FileMeta, FileRecord, PushRecord } from './types';

export async function create(engine: Engine, call: Call): Promise<Response> {
  const body = await parseBody(call.request, engine.maxBodyBytes);
  if (!body.ok) return body.response;
  const account = call.caller.kind === 'user' ? call.caller.account : null;
  const check = checkCreate(body.params, account, engine.edition);
  if (check.kind === 'missing-push') return missingPush();
  if (check.kind === 'sign-in') return signInRequired();
  if (check.kind === 'invalid') return json(422, check.errors);
  const stored = await Promise.all(check.spec.files.map(storable));
  return engine.serial(async () => {
    if (!(await roomFor(engine, stored))) return internalError();
    const now = engine.clock();
    let token = newUrlToken(engine.random);
    while (await engine.store.getPush(token)) token = newUrlToken(engine.random);
    const files: FileRecord[] = check.spec.files.map((blob, i) => ({
      id: newFileId(engine.random),
      url_token: token,
      filename: fileName(blob),
      content_type: contentType(blob.type),
      data: stored[i]!,
    }));
    const owner = account?.email;
    const seq = owner === undefined ? 0 : nextSeq(await engine.store.lastSeq(owner));
    const push = newPush(check.spec, token, owner, seq, now, files);
    const entry = { url_token: token, ...call.visit, created_at: now };
    const audit: AuditRecord[] = [{ ...entry, kind: 'creation' }];
    if (push.notify_emails_to !== null) {
      const notify = { recipients: push.notify_emails_to, locale: push.notify_emails_to_locale ?? 'en' };
      audit.push({ ...entry, kind: 'creation_email_send', notify });
    }
    await engine.store.commit({ push, audit, addFiles: files });
    return json(201, pushView(push, viewEnv(engine, now), 'create'));
  });
}

/**
 * Whether the files fit under the service's cap on stored bytes. The contract is silent on a full store; the
 * real server has no answer of its own for it (a failed write of its storage is an unhandled exception), so
 * Rails answers its generic 500, `{"status":500,"error":"Internal Server Error"}`, and keeps nothing.
 */
async function roomFor(engine: Engine, files: (Blob | ArrayBuffer)[]): Promise<boolean> {
  if (files.length === 0 || engine.maxStoredBytes === Infinity) return true;
  const incoming = files.reduce((sum, data) => sum + fileSize({ data }), 0);
  return (await engine.store.storedBytes()) + incoming <= engine.maxStoredBytes;
}

function newPush(
  spec: CreateSpec,
  token: string,
  owner: string | undefined,
  seq: number,
  now: number,
  files: FileRecord[],
): PushRecord {
  const { files: _blobs, seconds, account, ...fields } = spec;
  const meta: FileMeta[] = files.map((f) => ({
    id: f.id,
    filename: f.filename,
    content_type: f.content_type,
    size: fileSize(f),
  }));
  return {
    ...fields,
    url_token: token,
    seq,
    ...(owner === undefined ? {} : { owner }),
    account: owner === undefined ? null : account,
    expires_at: now + seconds * 1000,
    erase_at: now + seconds * 1000,
    views_counted: 0,
    created_at: now,
    updated_at: now,
    expired: false,
    expired_on: null,
    deleted: false,
    files: meta,
  };
}

/** Orders an owner's pushes created within the same millisecond (an injected clock may stand still). */
function nextSeq(last: number | null): number {
  return Math.max(last ?? 0, 0) + 1;
}

/** The part's own name without any directory, control characters or excess length. */
function fileName(blob: Blob): string {
  const raw = typeof (blob as File).name === 'string' ? (blob as File).name : '';
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 255) || 'file';
}

function contentType(type: string): string {
  return /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=[\w.+"-]+)*$/.test(type) ? type : 'application/octet-stream';
}

/**
 * What the files store keeps of an upload: the Blob itself where structured cloning (IndexedDB) carries
 * it as a Blob, which shares its bytes instead of copying them; its bytes otherwise (a Blob of another
 * realm, such as a test page's, clones to an empty object).
 */
async function storable(blob: Blob): Promise<Blob | ArrayBuffer> {
  try {
    if (structuredClone(blob) instanceof Blob) return blob;
  } catch (error) {
    if (!(error instanceof DOMException)) throw error; // DataCloneError: not a platform Blob
  }
  return blob.arrayBuffer();
}
