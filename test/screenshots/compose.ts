/**
 * The store image of the popup: the popup is 380 px wide, a store image 1280×800, so the popup's own
 * screenshot is centred on a calm background of the same scheme, with a soft shadow like a real popup's.
 */
import type { Page } from '@playwright/test';

export const STORE_SIZE = { width: 1280, height: 800 } as const;

const BACKGROUND = {
  light: 'linear-gradient(160deg, #f6f8fa 0%, #dde7f3 100%)',
  dark: 'linear-gradient(160deg, #0d1117 0%, #1b2431 100%)',
} as const;

/** An HTML page that shows `png` (a popup screenshot) centred on the scheme's background. */
export function framePage(png: Buffer, scheme: 'light' | 'dark'): string {
  const shadow = scheme === 'light' ? 'rgb(31 35 40 / 0.18)' : 'rgb(0 0 0 / 0.6)';
  const edge = scheme === 'light' ? '#d1d9e0' : '#3d444d';
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${STORE_SIZE.width}px; height: ${STORE_SIZE.height}px; }
    body { display: grid; place-items: center; background: ${BACKGROUND[scheme]}; }
    img { display: block; border-radius: 10px; border: 1px solid ${edge};
          box-shadow: 0 24px 60px ${shadow}, 0 2px 8px ${shadow}; }
  </style></head><body><img alt="" src="data:image/png;base64,${png.toString('base64')}"></body></html>`;
}

/**
 * Screenshots the whole popup: 380 px wide and as tall as its content. Chrome scrolls a popup past 600 px;
 * a store image shows it whole instead of cut through a line (up to 720 px, so 40 px of margin remain).
 */
export async function popupImage(popup: Page): Promise<Buffer> {
  await popup.setViewportSize({ width: 380, height: 720 });
  // From the top, as the popup opens, and with no focus ring or selection in a store image.
  await popup.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.getSelection()?.removeAllRanges();
    window.scrollTo(0, 0);
  });
  const height = await popup.evaluate(() => document.body.scrollHeight);
  return popup.screenshot({ clip: { x: 0, y: 0, width: 380, height: Math.min(height, 720) } });
}

/** Writes the popup image centred in a 1280×800 store image to `file`. */
export async function composePopup(canvas: Page, png: Buffer, scheme: 'light' | 'dark', file: string) {
  await canvas.setViewportSize(STORE_SIZE);
  await canvas.setContent(framePage(png, scheme));
  await canvas.screenshot({ path: file });
}
