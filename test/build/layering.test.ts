/**
 * `npm run lint` enforces the layering (docs/style.md): each rule is shown here to refuse the import or
 * the call it exists for, and to let the files it exempts through.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the lint configuration is plain JavaScript, without types.
import { DOORS as doors } from '../../.ci/eslint-doors.js';

/** Each feature folder's fronts besides its index (.ci/eslint-doors.js). */
const DOORS = doors as Record<string, (string | { front: string; from: string[] })[]>;

const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, '.ci', 'eslint.config.js') });

/** The rule ids ESLint reports for `code` as if it were the file at `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const MOCK_IMPORT = "import { createMockBackend } from '@/lib/mock';\nexport const x = createMockBackend;\n";

describe('layering enforced by lint', () => {
  it.each([
    ['components/push/Thing.tsx', MOCK_IMPORT],
    ['entrypoints/popup/thing.ts', MOCK_IMPORT],
    ['lib/api/thing.ts', "import { ok } from '../mock/responses';\nexport const x = ok;\n"],
    ['lib/watch/thing.ts', "import { ok } from '@/lib/mock/responses';\nexport const x = ok;\n"],
  ])('refuses the mock in %s', async (file, code) => {
    expect(await problems(file, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['lib/demo/thing.ts', MOCK_IMPORT],
    ['lib/mock/host/thing.ts', "import { ok } from '../responses';\nexport const x = ok;\n"],
  ])('lets %s run the mock', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('refuses the API client in the popup unless lazily imported', async () => {
    const value = "import { createApiClient } from '@/lib/api';\nexport const x = createApiClient;\n";
    const type = "import type { ApiClient } from '@/lib/api';\nexport type X = ApiClient;\n";
    const lazy = "export const load = () => import('@/lib/api');\n";
    expect(await problems('entrypoints/popup/thing.ts', value)).toContain('no-restricted-imports');
    expect(await problems('components/push/thing.ts', value)).toContain('no-restricted-imports');
    expect(await problems('entrypoints/popup/thing.ts', type)).toEqual([]);
    expect(await problems('entrypoints/popup/thing.ts', lazy)).toEqual([]);
  });

  it('keeps storage behind lib/store and the settings model (lib/settings)', async () => {
    const direct = 'export const read = () => browser.storage.local.get(null);\n';
    const wxtItem = "export const item = storage.defineItem('local:x');\n";
    expect(await problems('entrypoints/popup/thing.ts', direct)).toContain('no-restricted-syntax');
    expect(await problems('lib/watch/thing.ts', wxtItem)).toContain('no-restricted-syntax');
    expect(await problems('lib/connection/thing.ts', direct)).toContain('no-restricted-syntax');
    expect(await problems('lib/store/thing.ts', direct)).toEqual([]);
    expect(await problems('lib/settings/thing.ts', direct)).toEqual([]);
  });

  it.each([
    [
      'components/dashboard/Thing.tsx',
      "import { pushLabel } from '@/lib/watch/label';\nexport const x = pushLabel;\n",
    ],
    ['entrypoints/popup/thing.ts', "import { watchDb } from '@/lib/watch/db';\nexport const x = watchDb;\n"],
    [
      'entrypoints/popup/thing.ts',
      "import { setupWatcher } from '@/lib/watch/background';\nexport const x = setupWatcher;\n",
    ],
    [
      'entrypoints/background/thing.ts',
      "import { alarmPeriod } from '@/lib/watch/background/alarm';\nexport const x = alarmPeriod;\n",
    ],
    [
      'lib/quick-push/thing.ts',
      "import { recordCreatedPush } from '../watch/record';\nexport const x = recordCreatedPush;\n",
    ],
    [
      'lib/settings/thing.ts',
      "import { DEMO_ACCOUNT } from '@/lib/watch/account-key';\nexport const x = DEMO_ACCOUNT;\n",
    ],
  ])("keeps %s out of the watcher's modules", async (file, code) => {
    expect(await problems(file, code)).toContain('doors/doors');
  });

  it.each([
    [
      'entrypoints/background/thing.ts',
      "import { setupWatcher } from '@/lib/watch/background';\nexport const x = setupWatcher;\n",
    ],
    [
      'lib/quick-push/thing.ts',
      "import { recordCreatedPush } from '@/lib/watch';\nexport const x = recordCreatedPush;\n",
    ],
    [
      'components/dashboard/Thing.tsx',
      "import { pushLabel } from '@/lib/watch/view';\nexport const x = pushLabel;\n",
    ],
    [
      'entrypoints/dashboard/thing.ts',
      "import { watchMessages } from '@/lib/watch/messages';\nexport const x = watchMessages;\n",
    ],
    [
      'lib/export/thing.ts',
      "import type { TrackedPush } from '@/lib/watch/types';\nexport type X = TrackedPush;\n",
    ],
    ['lib/watch/background/thing.ts', "import { watchDb } from '../db';\nexport const x = watchDb;\n"],
    [
      'lib/watch/thing.ts',
      "import { setupWatcher } from '@/lib/watch/background';\nexport const x = setupWatcher;\n",
    ],
  ])('lets %s reach the watcher through its fronts (or from inside)', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  describe.each(Object.entries(DOORS))('lib/%s behind its door(s)', (feature, fronts) => {
    const importer = 'components/thing/Thing.tsx';
    const named = (source: string) => `import { x } from '${source}';\nexport const y = x;\n`;

    it('refuses a module inside it, however it is named', async () => {
      for (const source of [
        `@/lib/${feature}/inner`,
        `../../lib/${feature}/inner`,
        `@/lib/${feature}/inner/index`,
      ]) {
        expect(await problems(importer, named(source))).toContain('doors/doors');
      }
      const lazy = `export const load = () => import('@/lib/${feature}/inner');\n`;
      expect(await problems(importer, lazy)).toContain('doors/doors');
      const type = `import type { X } from '@/lib/${feature}/inner';\nexport type Y = X;\n`;
      expect(await problems(importer, type)).toContain('doors/doors');
    });

    it('lets its index and its fronts through, and anything from inside', async () => {
      expect(await problems(importer, named(`@/lib/${feature}`))).toEqual([]);
      for (const front of fronts.filter((door) => typeof door === 'string')) {
        expect(await problems(importer, named(`@/lib/${feature}/${front}`))).toEqual([]);
      }
      expect(await problems(`lib/${feature}/deep/thing.ts`, named('../inner'))).toEqual([]);
    });

    it('lets a front kept for some files through for those files only', async () => {
      for (const door of fronts.filter((one) => typeof one !== 'string')) {
        const source = named(`@/lib/${feature}/${door.front}`);
        for (const from of door.from) expect(await problems(`${from}thing.ts`, source)).toEqual([]);
        expect(await problems(importer, source)).toContain('doors/doors');
      }
    });
  });
});
