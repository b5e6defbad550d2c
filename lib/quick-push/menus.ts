/**
 * The context-menu items and what a click on each one asks to push.
 */
import type { QuickRequest } from './types';
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
 * Creates the menu items. Idempotent: everything of ours is removed first, so running it on install, on
 * browser start and again after an update never meets "duplicate id".
 */
export async function createMenus(menus: Menus = browser.contextMenus): Promise<void> {
  await menus.removeAll();
  for (const item of MENU_ITEMS) await createOne(menus, item);
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
  tab: { id?: number; url?: string } | undefined,
  readSelection: SelectionReader,
): Promise<QuickRequest | null> {
  const pageUrl = info.pageUrl ?? tab?.url;
  switch (info.menuItemId) {
    case MENU_IDS.selection: {
      const read = tab?.id === undefined ? undefined : await readSelection(tab.id, info.frameId);
      const text = read?.trim() ? read : info.selectionText;
      return text?.trim() ? { kind: 'text', payload: text } : null;
    }
    case MENU_IDS.link:
      return info.linkUrl ? { kind: 'url', payload: info.linkUrl } : null;
    case MENU_IDS.page:
      return pageUrl ? { kind: 'url', payload: pageUrl } : null;
    case MENU_IDS.image:
      return info.srcUrl ? { kind: 'image', src: info.srcUrl, pageUrl } : null;
    default:
      return null;
  }
}
