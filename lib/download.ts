/**
 * Saving a file from an extension page: a temporary download link, so no `downloads` permission is needed.
 * Used by the popup (QR images), the dashboard (exports) and the viewer (demo files).
 */

/** How long a Blob URL outlives the click: Chrome starts reading the Blob only after click() has returned. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Offers `source` as a download named `fileName`. A Blob gets an object URL, revoked a minute later; a
 * string is used as the URL itself (a data: URL).
 */
export function saveFile(source: Blob | string, fileName: string): void {
  const href = typeof source === 'string' ? source : URL.createObjectURL(source);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  // In the document while clicked: Firefox ignores a click on a detached link.
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof source !== 'string') setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
}
