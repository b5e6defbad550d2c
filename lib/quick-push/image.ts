/**
 * "Push this image": the extension downloads the image itself (never a script in the page), without the
 * page's cookies, and hands it over as a file. Failures come back as a sentence for the notification: they
 * name only the image's host and the size limit, never anything from the page.
 */
import { formatSize } from '@/lib/format/size';
import type { ImageRequest } from './types';
import { t, uiLocale } from '@/lib/i18n';

/** Larger images are refused before (Content-Length) or while (counted bytes) they download. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

/** The image as fetched, ready to be sent as a file push. */
export interface ImageFile {
  name: string;
  type: string;
  data: Blob;
}

export type ImageFetch = { ok: true; file: ImageFile } | { ok: false; reason: string };

export interface ImageFetchOptions {
  fetch: typeof fetch;
  /** Whether the extension holds a host permission for this origin (permissions.contains). */
  canRead: (origin: string) => Promise<boolean>;
  maxBytes?: number;
  timeoutMs?: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
};

function extensionFor(type: string): string {
  return EXTENSIONS[type] ?? type.replace(/^image\//, '').replace(/[^a-z0-9]/g, '');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch (error) {
    if (error instanceof URIError) return segment; // a stray '%' in the name: keep it as written
    throw error;
  }
}

/** The file name the recipient sees: the URL's last path segment, with an extension that fits the type. */
export function imageName(url: URL, type: string): string {
  const ext = extensionFor(type);
  const last = url.protocol === 'data:' ? '' : decoded(url.pathname.split('/').pop() ?? '');
  // Characters file systems refuse, and control characters, become '_'.
  const safe = [...last].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
  const base = safe.slice(-100);
  if (!base) return ext ? `image.${ext}` : 'image';
  return /\.[a-z0-9]{2,5}$/i.test(base) || !ext ? base : `${base}.${ext}`;
}

function mediaType(header: string | null): string {
  return (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/** Reads the body while counting; null as soon as it passes `max` (the rest is never downloaded). */
async function readLimited(
  body: ReadableStream<Uint8Array>,
  max: number,
  type: string,
): Promise<Blob | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return new Blob(chunks as BlobPart[], { type });
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return URL.canParse(url) ? new URL(url).origin : undefined;
}

async function unreachable(url: URL, request: ImageRequest, options: ImageFetchOptions, error: unknown) {
  if (error instanceof DOMException && error.name === 'TimeoutError') return t('quick_imageTimeout');
  // With activeTab the menu click lets the extension read the page's own origin; any other origin needs a
  // host permission the user grants per site (the extension never asks for every site).
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (web && url.origin !== originOf(request.pageUrl) && !(await options.canRead(url.origin)))
    return t('quick_imageNeedsAccess', url.host);
  return t('quick_imageUnreachable');
}

/** Downloads the image of a request, or says in one sentence why it cannot. */
export async function fetchImage(request: ImageRequest, options: ImageFetchOptions): Promise<ImageFetch> {
  const max = options.maxBytes ?? IMAGE_MAX_BYTES;
  const tooLarge = {
    ok: false,
    reason: t('quick_imageTooLarge', formatSize(max, uiLocale())),
  } as const;
  const url = URL.canParse(request.src) ? new URL(request.src) : undefined;
  if (!url || !['http:', 'https:', 'data:'].includes(url.protocol))
    return {
      ok: false,
      reason: t('quick_imageInPage'),
    };
  let response: Response;
  try {
    response = await options.fetch(url.href, {
      credentials: 'omit',
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, reason: await unreachable(url, request, options, error) };
  }
  const type = mediaType(response.headers.get('content-type'));
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const refusal = !response.ok
    ? t('quick_imageHttp', String(response.status))
    : !type.startsWith('image/')
      ? t('quick_imageNotImage')
      : declared > max
        ? tooLarge.reason
        : undefined;
  if (refusal || !response.body) {
    await response.body?.cancel();
    return { ok: false, reason: refusal ?? t('quick_imageEmpty') };
  }
  let data: Blob | null;
  try {
    data = await readLimited(response.body, max, type);
  } catch (error) {
    return { ok: false, reason: await unreachable(url, request, options, error) };
  }
  if (!data) return tooLarge;
  return { ok: true, file: { name: imageName(url, type), type, data } };
}
