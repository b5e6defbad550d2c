/**
 * lib/quick-push, the menu items' and the shortcuts' push of a selection, a link, an image or the clipboard,
 * and the shortcut that copies the last link again (shortcuts.ts): registered by the background (background.ts), and its after-create steps (copy, notification, "Copy anyway") lent to
 * the popup's file uploads (lib/upload). The connection, the destination and the create-and-record order
 * are lib/connection's.
 */
export {
  registerQuickPush,
  COPY_LAST_LINK_COMMAND,
  PUSH_CLIPBOARD_COMMAND,
  PUSH_SELECTION_COMMAND,
} from './background';
export { sessionHeldLinks } from './held';
export { browserNotifier, NOTICE_PREFIX } from './notifier';
export { pushedAs, type PushedDeps } from './pusher';
