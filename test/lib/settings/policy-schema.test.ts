import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLICY_KEYS } from '@/lib/settings';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

type Schema = { type: string; properties?: Record<string, Schema>; items?: Schema };
const schema = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/managed-schema.json'), 'utf8'),
) as Schema;

describe('public/managed-schema.json', () => {
  it('declares exactly the keys lib/settings reads', () => {
    expect(Object.keys(schema.properties ?? {})).toEqual(POLICY_KEYS);
  });

  it('declares every push default and nothing else', () => {
    expect(Object.keys(schema.properties?.defaults?.properties ?? {}).sort()).toEqual(
      Object.keys(DEFAULT_PUSH_DEFAULTS).sort(),
    );
  });

  // Chrome refuses a schema whose properties lack a type, and with it the whole policy.
  it('gives every property a type Chrome knows', () => {
    const types = new Set(['string', 'boolean', 'integer', 'number', 'array', 'object']);
    const walk = (node: Schema): void => {
      expect(types.has(node.type)).toBe(true);
      Object.values(node.properties ?? {}).forEach(walk);
      if (node.items) walk(node.items);
    };
    walk(schema);
  });
});
