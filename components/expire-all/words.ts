import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { listFormat } from '@/lib/format/intl';
import { t, uiLocale } from '@/lib/i18n';
import { serverName } from '@/lib/settings/read';

/**
 * The servers of an Expire everything by name, "a.example and b.example", in the page's language; the
 * demo's service is "Demo", as the popup's header calls it.
 */
export const serverNames = (urls: string[]) =>
  listFormat(uiLocale(), { type: 'conjunction' }).format(
    urls.map((url) => (url === DEMO_BASE_URL ? t('popup_demo') : serverName(url))),
  );
