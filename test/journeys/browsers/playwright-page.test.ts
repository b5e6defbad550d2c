import { expect, it } from 'vitest';
import { playwrightSelector as p } from './playwright-page';
it("maps the journeys' aria and text selectors to Playwright's engines, names with parentheses too", () => {
  expect(p('::-p-aria(Export list (CSV)[role="button"])')).toBe(
    'internal:role=button[name="Export list (CSV)"s]',
  );
  expect(p('.server-list > li[aria-label="a"] ::-p-aria(Make default[role="button"])')).toBe(
    '.server-list > li[aria-label="a"] >> internal:role=button[name="Make default"s]',
  );
  expect(p('summary::-p-text(More options)')).toBe('summary:has-text("More options")');
  expect(p('::-p-aria(Secret payload)')).toBe('internal:label="Secret payload"s');
  expect(p('#a')).toBe('#a');
});
