import { AppError } from '../errors';

/** `https://host/prefix/` → `https://host/prefix`; anything but http(s) is refused. */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (error) {
    throw new AppError('validation', 'The server address is not a URL.', {
      fields: { baseUrl: ['is not a URL'] },
      cause: error,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('validation', 'The server address must start with https://.', {
      fields: { baseUrl: ['must be an http or https URL'] },
    });
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}
