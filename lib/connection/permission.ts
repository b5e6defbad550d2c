/** The one host permission a saved server needs, asked for during the user's click. */
import { AppError } from '@/lib/errors';
import { hostPermissionPattern } from '@/lib/settings';

/**
 * Asks for the host permission of one server. Must be called synchronously from a click handler, before any
 * await: browsers show the prompt only during the user gesture (Firefox is strict about it). Refusal →
 * AppError 'permission-denied'.
 */
export function requestHostPermission(baseUrl: string): Promise<void> {
  const pattern = hostPermissionPattern(baseUrl);
  const host = new URL(baseUrl).host;
  return browser.permissions.request({ origins: [pattern] }).then(
    (granted) => {
      if (!granted)
        throw new AppError(
          'permission-denied',
          `Access to ${host} was not allowed, so the extension cannot reach that server.`,
        );
    },
    (error: unknown) => {
      throw new AppError('permission-denied', `The browser did not ask for access to ${host}.`, {
        cause: error,
      });
    },
  );
}
