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

/** The "… as ▸" submenu of each item (issue 39 §1), listing the presets. */
const AS_TITLES: Readonly<Record<string, MessageKey>> = {
  [MENU_IDS.selection]: 'preset_menuSelectionAs',
  [MENU_IDS.link]: 'preset_menuLinkAs',
  [MENU_IDS.page]: 'preset_menuPageAs',
  [MENU_IDS.image]: 'preset_menuImageAs',
};

/** Between an item's id and a preset's in the id of the submenu's entry for that preset. */
const AS = '-as:';

/** The id of the entry for preset `presetId` under item `itemId`'s "… as ▸" submenu. */
export const asPresetId = (itemId: string, presetId: string) => `${itemId}${AS}${presetId}`;

/** A menu click's item and, for an entry of a "… as ▸" submenu, its preset's id. */
export function menuChoice(menuItemId: string | number): { item: string; preset?: string } {
  const id = String(menuItemId);
  const at = id.indexOf(AS);
  return at < 0 ? { item: id } : { item: id.slice(0, at), preset: id.slice(at + AS.length) };
}

type Menus = Pick<typeof browser.contextMenus, 'create' | 'removeAll'>;
type MenuEntry = { id: string; title: string; contexts: [MenuContext]; parentId?: string };

function createOne(menus: Menus, entry: MenuEntry): Promise<void> {
  return new Promise((resolve, reject) => {
    menus.create(entry, () => {
      const error = browser.runtime.lastError;
      if (error)
        reject(new Error(`Menu item ${entry.id}: ${error.message}`)); // i18n-ignore: for developers
      else resolve();
    });
  });
}

/** A preset as its menu entry shows it: its id and its name. */
export interface MenuPreset {
  id: string;
  title: string;
}

/**
 * Creates the menu items of the `allowed` kinds (an organization's policy may allow fewer), each pushing
 * with the first preset, and, when there are several presets, a "… as ▸" submenu beside each listing them
 * all. Idempotent: everything of ours is removed first, so running it on install, on browser start, after
 * an update, on a change of policy or of presets never meets "duplicate id".
 */
export async function createMenus(
  menus: Menus = browser.contextMenus,
  allowed: readonly PushKind[] = PUSH_KINDS,
  presets: readonly MenuPreset[] = [],
): Promise<void> {
  await menus.removeAll();
  for (const item of MENU_ITEMS) {
    if (!allowed.includes(MENU_KINDS[item.id]!)) continue;
    const { id, contexts } = item;
    await createOne(menus, { id, title: t(item.titleKey), contexts });
    if (presets.length < 2) continue;
    const parentId = `${id}-as`;
    await createOne(menus, { id: parentId, title: t(AS_TITLES[id]!), contexts });
    for (const preset of presets)
      await createOne(menus, { id: asPresetId(id, preset.id), title: preset.title, contexts, parentId });
  }
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
  const { item, preset } = menuChoice(info.menuItemId);
  const request = await requestOf(item, info, tab, source, readSelection);
  return request && preset !== undefined ? { ...request, preset } : request;
}

async function requestOf(
  item: string,
  info: MenuClick,
  tab: { id?: number; url?: string; title?: string } | undefined,
  source: QuickSource,
  readSelection: SelectionReader,
): Promise<QuickRequest | null> {
  const { pageUrl } = source;
  switch (item) {
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
