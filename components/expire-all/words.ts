import { listFormat } from '@/lib/format/intl';
import { uiLocale } from '@/lib/i18n';
import { serverName } from '@/lib/settings/read';

/** The servers of an Expire everything by name, "a.example and b.example", in the page's language. */
export const serverNames = (urls: string[]) =>
  listFormat(uiLocale(), { type: 'conjunction' }).format(urls.map(serverName));
