/**
 * The context-menu items and what a click on each one asks to push.
 */
import { PUSH_KINDS, type PushKind } from '@/lib/contract';
import { imageName, linkName, pageName, selectionName } from './source-name';
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
