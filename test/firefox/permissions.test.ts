/**
 * Firefox (MV2) has no optional_host_permissions: a server's origin is an optional permission
 * (wxt.config.ts), asked for when the user saves the server. The journeys' build grants the loopback
 * address 127.0.0.1 at install (SECRET_PUSH_E2E=1), so this test saves the server as http://localhost:PORT,
 * an origin that build does not grant: the permission is absent before Connect and present after it. The
 * test profile sets extensions.webextOptionalPermissionPrompts to false (test/firefox/browser.ts), so
 * Firefox grants the request without the prompt a person would answer.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, connect, pageText, useFirefox, waitForText } from './setup';

const LOCALHOST = 'http://localhost/*';
const firefox = useFirefox({ host: true });

describe('Firefox: the host permission of a saved server', () => {
  it('is an optional permission, requested on Connect and held afterwards', async () => {
    const options = await firefox().options('#server-choice');
    const held = () =>
      options.evaluate(async (origin) => {
        const all = await browser.permissions.getAll();
        return { contains: await browser.permissions.contains({ origins: [origin] }), all: all.origins };
      }, LOCALHOST);
    const manifest = await options.evaluate(() => browser.runtime.getManifest());
    expect(manifest.optional_permissions).toContain(LOCALHOST);
    expect(manifest.permissions).not.toContain(LOCALHOST);
    expect(await held()).toEqual({ contains: false, all: ['http://127.0.0.1/*'] });

    const localhost = firefox().host.baseUrl.replace('127.0.0.1', 'localhost');
    await connect(options, localhost, ALICE.token);
    expect(await held()).toEqual({ contains: true, all: ['http://127.0.0.1/*', LOCALHOST] });

    // With the permission held, the saved server answers: Test connection on its row's Edit (the form
    // folds into the row on Connect, issue 18) reaches it and its token is accepted.
    await options.locator(`::-p-aria(Edit ${new URL(localhost).host}[role="button"])`).click();
    await options.locator('::-p-aria(Test connection[role="button"])').click();
    await waitForText(options, 'The connection works.');
    expect(await pageText(options)).toContain('Token accepted');
  });
});
