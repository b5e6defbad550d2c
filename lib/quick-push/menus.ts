/**
 * The context-menu items and what a click on each one asks to push: the selection as the page holds it
 * (read with scripting.executeScript), a link, the page's address or an image, each named after where it
 * came from (issue 19).
 */
import { PUSH_KINDS, type PushKind } from '@/lib/contract';
import { urlSubject } from '@/lib/push/label';
import type { QuickPushKind, QuickRequest } from './types';
import { t, type MessageKey } from '@/lib/i18n';

export const MENU_IDS = {
  selection: 'quick-push-selection',
  link: 'quick-push-link',
  page: 'quick-push-page',
  image: 'quick-push-image',
} as const;

type MenuContext = 'selection' | 'link' | 'page' | 'image';

/** The items; each title is a message, read when the menus are made so it is in the browser's language. */
export const MENU_ITEMS: ReadonlyArray<{ id: string; titleKey: MessageKey; contexts: [MenuContext] }> = [
  { id: MENU_IDS.selection, titleKey: 'menu_pushSelection', contexts: ['selection'] },
  { id: MENU_IDS.link, titleKey: 'menu_pushLink', contexts: ['link'] },
  { id: MENU_IDS.page, titleKey: 'menu_pushPage', contexts: ['page'] },
  { id: MENU_IDS.image, titleKey: 'menu_pushImage', contexts: ['image'] },
];

/** The kind of push each item makes (an image becomes a file push): an item is offered only if it is allowed. */
export const MENU_KINDS: Readonly<Record<string, QuickPushKind>> = {
  [MENU_IDS.selection]: 'text',
  [MENU_IDS.link]: 'url',
  [MENU_IDS.page]: 'url',
  [MENU_IDS.image]: 'file',
};

type Menus = Pick<typeof browser.contextMenus, 'create' | 'removeAll'>;

function createOne(menus: Menus, item: (typeof MENU_ITEMS)[number]): Promise<void> {
  return new Promise((resolve, reject) => {
    menus.create({ id: item.id, title: t(item.titleKey), contexts: item.contexts }, () => {
      const error = browser.runtime.lastError;
      if (error)
        reject(new Error(`Menu item ${item.id}: ${error.message}`)); // i18n-ignore: for developers
      else resolve();
    });
  });
}

/**
 * Creates the menu items of the `allowed` kinds (an organization's policy may allow fewer). Idempotent:
 * everything of ours is removed first, so running it on install, on browser start, after an update and on
 * a change of policy never meets "duplicate id".
 */
export async function createMenus(
  menus: Menus = browser.contextMenus,
  allowed: readonly PushKind[] = PUSH_KINDS,
): Promise<void> {
  await menus.removeAll();
  for (const item of MENU_ITEMS) if (allowed.includes(MENU_KINDS[item.id]!)) await createOne(menus, item);
}

// The selection, read from the page: activeTab, granted by the menu click or the keyboard shortcut. The
// injected function only reads and returns the text: the clipboard write and the push happen in the extension.

/** Runs in the page: the selection of a focused text field, else the document's selection. */
function selectedText(): string {
  const active = document.activeElement;
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
    const { selectionStart: start, selectionEnd: end, value } = active;
    if (start !== null && end !== null && end > start) return value.slice(start, end);
  }
  return window.getSelection()?.toString() ?? '';
}

/** The selection in one frame of a tab (the top frame by default); undefined when the page cannot be read. */
export async function readSelection(tabId: number, frameId?: number): Promise<string | undefined> {
  try {
    const [result] = await browser.scripting.executeScript({
      target: frameId === undefined ? { tabId } : { tabId, frameIds: [frameId] },
      func: selectedText,
    });
    return typeof result?.result === 'string' ? result.result : undefined;
  } catch (error) {
    // Pages the browser protects (its own pages, the web store, PDFs) cannot be scripted: the caller falls
    // back to what the menu reported, or says there is nothing selected.
    console.info('Could not read the selection from the page', error);
    return undefined;
  }
}

// A push's name, after where it came from: "Selection · Office runbook" (the page's title),
// "Link · github.com", "Page · Office runbook", "Image · example.com". Never the secret: only the page's
// title and hosts, which the person sees in the tab strip anyway. Sent as the push's `name`, which the
// server returns to its creator only (docs/api-contract.md §3), so every page and device names it alike.

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

/** The parts of contextMenus.OnClickData a quick push reads. */
export interface MenuClick {
  menuItemId: string | number;
  selectionText?: string;
  linkUrl?: string;
  srcUrl?: string;
  pageUrl?: string;
  frameId?: number;
}

/** Reads the selection of a tab's frame itself (keeps line breaks); undefined when it cannot. */
export type SelectionReader = (tabId: number, frameId?: number) => Promise<string | undefined>;

/**
 * What a menu click asks to push; null when there is nothing to push (an unknown item, an empty selection).
 * Chrome's selectionText collapses line breaks and spaces, which would corrupt a multi-line secret, so the
 * selection is read from the page when possible (the click grants activeTab), selectionText otherwise.
 */
export async function requestFromMenu(
  info: MenuClick,
  tab: { id?: number; url?: string; title?: string } | undefined,
  readSelection: SelectionReader,
): Promise<QuickRequest | null> {
  const pageUrl = info.pageUrl ?? tab?.url;
  const source = { title: tab?.title, pageUrl };
  switch (info.menuItemId) {
    case MENU_IDS.selection: {
      const reading = tab?.id === undefined ? undefined : readSelection(tab.id, info.frameId);
      // Named while the page is asked for its selection (issue 22: a woken worker's first t() builds the
      // translator, which otherwise ran after the page answered, on the way to the create).
      const name = selectionName(source);
      const read = await reading;
      const text = read?.trim() ? read : info.selectionText;
      return text?.trim() ? { kind: 'text', payload: text, name } : null;
    }
    case MENU_IDS.link:
      return info.linkUrl ? { kind: 'url', payload: info.linkUrl, name: linkName(info.linkUrl) } : null;
    case MENU_IDS.page:
      return pageUrl ? { kind: 'url', payload: pageUrl, name: pageName(source) } : null;
    case MENU_IDS.image:
      return info.srcUrl
        ? { kind: 'image', src: info.srcUrl, pageUrl, name: imageName(info.srcUrl, pageUrl) }
        : null;
    default:
      return null;
  }
}
