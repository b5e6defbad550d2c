/**
 * Reading request parameters the way Rails' strong parameters and attribute casting do: scalars are
 * coerced, objects and arrays in place of a scalar are dropped (treated as absent).
 */

export type Params = Record<string, unknown>;

/** Own property only, so `constructor` or `__proto__` in a body never reach the prototype. */
export function field(params: Params, name: string): unknown {
  return Object.hasOwn(params, name) ? params[name] : undefined;
}

export function isParams(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}

/** A string, or a number/boolean as its text; anything else is absent. */
export function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/** undefined when absent or blank, 'invalid' when not a whole number (decimals truncate, as Rails casts). */
export function asInteger(value: unknown): number | 'invalid' | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 'invalid';
  if (typeof value === 'string') {
    if (value.trim() === '') return undefined;
    return /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value) ? Math.trunc(Number(value)) : 'invalid';
  }
  if (typeof value === 'object') return undefined; // dropped by strong parameters
  return 'invalid';
}

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes', 'checked', 't', 'y']);

/** JSON booleans and the usual form words; other scalars are false; absent/blank/objects are undefined. */
export function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    return word === '' ? undefined : TRUE_WORDS.has(word);
  }
  return undefined;
}
