import { AppError } from '../errors';
import { t } from '../i18n';

/** `https://host/prefix/` → `https://host/prefix`; anything but http(s) is refused. */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (error) {
    throw new AppError('validation', t('api_baseUrlNotUrl'), {
      fields: { baseUrl: [t('api_fieldNotUrl')] },
      cause: error,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('validation', t('api_baseUrlNotHttp'), {
      fields: { baseUrl: [t('api_fieldNotHttp')] },
    });
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}
