/**
 * A quick push's name, after where it came from (issue 19): "Selection · Office runbook" (the page's title),
 * "Link · github.com", "Page · Office runbook", "Image · example.com". Never the secret: only the page's
 * title and hosts, which the person sees in the tab strip anyway. Sent as the push's `name`, which the
 * server returns to its creator only (docs/api-contract.md §3), so every page and device names it alike.
 */
import { t } from '@/lib/i18n';
import { urlSubject } from '@/lib/push/label';

/** Longer titles are cut: a name is a label, not a document. */
const TITLE_CHARS = 60;

/** Where a quick push came from: the tab's title and address, and what was clicked. */
export interface QuickSource {
  title?: string;
  pageUrl?: string;
}

function titleOrHost({ title, pageUrl }: QuickSource): string | undefined {
  const clean = title?.trim().replace(/\s+/g, ' ');
  if (clean) return clean.length > TITLE_CHARS ? `${clean.slice(0, TITLE_CHARS).trimEnd()}…` : clean;
  return pageUrl ? urlSubject(pageUrl) : undefined;
}

/** "Selection · <title>" (the page's host when it has no title); "Selection" when neither is known. */
export function selectionName(source: QuickSource): string {
  const where = titleOrHost(source);
  return where ? t('quick_nameSelection', where) : t('quick_nameSelectionBare');
}

/** "Page · <title>" for the page's own address. */
export function pageName(source: QuickSource): string {
  const where = titleOrHost(source);
  return where ? t('quick_namePage', where) : t('quick_namePageBare');
}

/** "Link · <host>" of a link; "Link" when it has none. */
export function linkName(url: string): string {
  const host = urlSubject(url);
  return host ? t('quick_nameLink', host) : t('quick_nameLinkBare');
}

/** "Image · <host>" of the image (of its page for a data: image); "Image" when neither has one. */
export function imageName(src: string, pageUrl?: string): string {
  const host = urlSubject(src) ?? (pageUrl ? urlSubject(pageUrl) : undefined);
  return host ? t('quick_nameImage', host) : t('quick_nameImageBare');
}
