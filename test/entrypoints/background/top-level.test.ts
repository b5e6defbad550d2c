/**
 * What a woken service worker evaluates before its first event (issue 22): Chrome evaluates background.js in
 * full on every wake, so every zod schema built at a module's top level is built again on each, for messages
 * and policies a quick push never reads. The first schema built also pays zod's own first-use cost (about a
 * quarter of the wake's top-level evaluation in the cold-wake profile, test/bench/background-profile.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const built: string[] = [];

// Every function of z called while the background's modules are evaluated is counted.
vi.mock('@/lib/zod', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/zod')>();
  const z = new Proxy(real.z, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        built.push(String(key));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...real, z };
});

describe("the background's top level", () => {
  it('builds no zod schema, nor does its start: each is built on its first use', async () => {
    const background = await import('@/entrypoints/background/index');
    expect(built).toEqual([]);
    // The start's listeners and their dependencies, as on every wake (what it starts later is not counted).
    // fakeBrowser lacks these two events: their listeners are only added here.
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => undefined);
    vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(() => undefined);
    background.default.main();
    expect(built).toEqual([]);
  });

  it('counts the schemas a use builds (the check above can see one)', async () => {
    const { parsePolicy } = await import('@/lib/settings/policy-parse');
    expect(parsePolicy({ lockServer: true }).policy).toEqual({ lockServer: true });
    expect(built).not.toEqual([]);
  });
});
