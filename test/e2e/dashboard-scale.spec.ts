/**
 * The dashboard at scale (issue 11), in real Chromium against the Node host, in one launch and one Refresh of
 * 60 pushes: at 1280×800 at least 10 rows sit fully within the first screen; Tab reaches every row though only
 * some are in the page; and the sender's own actions (copy, preview, asking to open and cancelling) leave
 * every push's views_remaining on the server as it was.
 */
import type { Page } from '@playwright/test';
import { createPushes, PUSH_ROWS, refreshUntilListed } from './many-pushes';
import { ALICE, expect, test, useServer, viewsOnServer, type Ext } from './fixtures';

const COUNT = 60;

/** How many push rows lie entirely within the viewport, measured from their bounding boxes. */
function rowsFullyOnScreen(page: Page): Promise<number> {
  return page.$$eval(
    PUSH_ROWS,
    (rows) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

test(`with ${COUNT} pushes: 10 rows fit the first 1280×800 screen, Tab reaches every row, and the sender's actions use no view`, async ({
  ext,
  host,
}) => {
  const tokens = await createPushes(host.baseUrl, ALICE.token, COUNT);
  const before = await viewsOnServer(host.baseUrl);
  expect(Object.keys(before)).toHaveLength(COUNT);
  await useServer(ext.worker, host.baseUrl, ALICE.token);
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ext.base}/dashboard.html`);
  await refreshUntilListed(page, COUNT);

  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await rowsFullyOnScreen(page)).toBeGreaterThanOrEqual(10);
  // Only the rows on screen and a few beyond are in the page (issue 19), each saying it is one of 60.
  const rendered = await page.locator(PUSH_ROWS).count();
  expect(rendered).toBeLessThan(COUNT);
  await expect(page.locator(PUSH_ROWS).first()).toHaveAttribute('aria-setsize', String(COUNT));
  // Scrolled to the end, the last rows are there, in their places.
  await page.mouse.wheel(0, 10_000);
  await expect(page.locator(`${PUSH_ROWS}[aria-posinset="${COUNT}"]`)).toBeInViewport();
  expect(await page.locator(`${PUSH_ROWS}[aria-posinset="1"]`).count()).toBe(0);
  await page.mouse.wheel(0, -10_000);
  await expect(page.locator(`${PUSH_ROWS}[aria-posinset="1"]`)).toBeInViewport();

  await tabThroughEveryRow(page);
  // Row 20 (newest first: the 41st push created).
  await noViewUsed(page, ext, `${host.baseUrl}/p/${tokens[COUNT - 20]}`);
  expect(await viewsOnServer(host.baseUrl)).toEqual(before);
});

/** Tab walks through every row though only some are in the page, and focus stays while scrolled away. */
async function tabThroughEveryRow(page: Page) {
  const focusedPlace = () =>
    page.evaluate(() => document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset'));
  // From the first row's checkbox, Tab goes through each row's controls down to the last row. The page
  // notes the row of each focus itself, read every 20 presses (a read per press doubled the round trips).
  await page.evaluate(() => {
    const places = ((window as unknown as { places: Set<string> }).places = new Set<string>());
    document.addEventListener('focusin', (event) => {
      const place = (event.target as Element).closest('li[aria-posinset]')?.getAttribute('aria-posinset');
      if (place) places.add(place);
    });
  });
  const places = () => page.evaluate(() => (window as unknown as { places: Set<string> }).places.size);
  await page
    .getByRole('checkbox', { name: /^Select / })
    .first()
    .focus();
  for (let i = 0; i < COUNT * 4 && (i % 20 !== 0 || (await places()) < COUNT); i++)
    await page.keyboard.press('Tab');
  expect(await places()).toBe(COUNT);

  // Back at the top (Ctrl+Home), focus in row 2, scrolled far away and back: still there, same element.
  await page.keyboard.press('Control+Home');
  await page.locator(`${PUSH_ROWS}[aria-posinset="2"]`).getByRole('checkbox').focus();
  await page.mouse.wheel(0, 10_000);
  await expect(page.locator(`${PUSH_ROWS}[aria-posinset="${COUNT}"]`)).toBeInViewport();
  expect(await focusedPlace()).toBe('2');
  await page.mouse.wheel(0, -10_000);
  await expect(page.locator(`${PUSH_ROWS}[aria-posinset="1"]`)).toBeInViewport();
  expect(await focusedPlace()).toBe('2');
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected')).toBeVisible();
}

/** Copy, preview and a cancelled open of row 20, whose link is `link`, as a person does them. */
async function noViewUsed(page: Page, ext: Ext, link: string) {
  // Row 20, scrolled to as a person would (only the rows on screen are in the page): its copy confirms in
  // row 20, not elsewhere.
  await page.mouse.wheel(0, 600);
  const row = page.locator(`${PUSH_ROWS}[aria-posinset="20"]`);
  await row.getByRole('button', { name: 'Copy link' }).click();
  await expect(row.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copied' })).toHaveCount(1);
  // html_url: /p/<token>, or /p/<token>/r with a retrieval step.
  expect(await ext.clipboard()).toMatch(new RegExp(`^${link}(/r)?$`));
  await page.bringToFront();

  await row.getByRole('button', { name: /^Details/ }).click();
  await row.getByRole('button', { name: 'Preview' }).click();
  await expect(row.getByRole('group', { name: /^Preview of / })).toContainText(link);
  await expect(row.getByRole('img', { name: /^QR code of the link to / })).toBeVisible();

  await row.getByRole('button', { name: 'Open page…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/uses (one of the \d+ views? left|its last view)/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(ext.context.pages().filter((open) => open.url().includes('/p/'))).toHaveLength(0);
}
