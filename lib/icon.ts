/** The extension's icon for notifications (Chrome requires an iconUrl on a 'basic' notification). */
export function notificationIconUrl(): string {
  return browser.runtime.getURL('/icon/128.png');
}
