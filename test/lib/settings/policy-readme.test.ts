/**
 * README's "Managed policy" section says what an administrator may write: its table lists exactly the keys
 * lib/settings reads, and both example files hold a policy that is valid as a whole.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '@/lib/settings/policy-parse';
import { POLICY_KEYS } from '@/lib/settings';

const section =
  readFileSync(join(process.cwd(), 'README.md'), 'utf8')
    .split(/^## Managed policy \(organizations\)$/m)[1]
    ?.split(/^## /m)[0] ?? '';
const examples = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(
  (match) => JSON.parse(match[1]!) as Record<string, unknown>,
);

describe("README's managed policy", () => {
  it('lists exactly the keys lib/settings reads, in order', () => {
    const keys = section
      .split('\n')
      .filter((line) => /^\| `/.test(line))
      .map((line) => /^\| `([^`]+)`/.exec(line)![1]);
    expect(keys).toEqual(POLICY_KEYS);
  });

  it('has a Chrome example whose extension entry is valid as a whole', () => {
    const chrome = examples[0] as { '3rdparty': { extensions: Record<string, unknown> } };
    const [policy] = Object.values(chrome['3rdparty'].extensions);
    expect(parsePolicy(policy).notes).toEqual([]);
    expect(Object.keys(parsePolicy(policy).policy)).toEqual(POLICY_KEYS);
  });

  it('has a Firefox example under policies.3rdparty.Extensions with the gecko id, valid as a whole', () => {
    const firefox = examples[1] as { policies: { '3rdparty': { Extensions: Record<string, unknown> } } };
    const policy = firefox.policies['3rdparty'].Extensions['secret-push@example.com'];
    expect(parsePolicy(policy).notes).toEqual([]);
    expect(Object.keys(parsePolicy(policy).policy)).toEqual(POLICY_KEYS);
  });
});
