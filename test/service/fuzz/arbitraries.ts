/**
 * Random, malformed and hostile requests for the mock service: methods, paths, headers, JSON (deep, huge,
 * wrong types for every field), multipart bodies and tokens. Everything here is data; nothing is checked.
 */
import fc from 'fast-check';
import type { RawRequest } from './send';

const PRINTABLE = fc.constantFrom(
  ...'abcxyzABCXYZ0189-_.~!$&\'()*+,;=:@/?#[]%" <>\\^`{|}'.split(''),
  'é',
  '€',
  '😀',
);
/** A short string of printable characters, some of them unsafe in URLs and headers. */
const text = (maxLength = 24) => fc.string({ unit: PRINTABLE, maxLength });
/** Header-safe text (node refuses control characters and non-latin-1 values before sending). */
const headerText = fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_=;,/+.:"'.split('')), maxLength: 40 });

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'SEARCH', 'PURGE'];

const segment = (tokens: string[]) =>
  fc.oneof(
    fc.constantFrom(
      'pushes',
      'active',
      'expired',
      'preview',
      'audit',
      'version',
      'r',
      'delete',
      '..',
      '.',
      '%2e',
      '%2e%2e',
      '%00',
      '%E0%A4%A',
      'pushes.json',
      '',
    ),
    fc.constantFrom(...tokens),
    text().map(encodeURIComponent),
    fc.string({ unit: fc.constantFrom('a', '-', '_', '9'), minLength: 1, maxLength: 3000 }),
  );

const query = fc.oneof(
  fc.constant(''),
  fc
    .tuple(fc.constantFrom('page', 'passphrase', 'x', 'page[]'), text())
    .map(([k, v]) => `?${k}=${encodeURIComponent(v)}`),
  fc.integer({ min: -5, max: 500 }).map((n) => `?page=${n}`),
);

const path = (tokens: string[]) =>
  fc
    .tuple(
      fc.constantFrom('/api/v2', '/api/v2/pushes', '/api/v1', '/p', '/d', '', '/api'),
      fc.array(segment(tokens), { maxLength: 4 }),
      fc.boolean(),
      query,
    )
    .map(([prefix, parts, json, q]) => `${prefix}/${parts.join('/')}${json ? '.json' : ''}${q}`);

/** A value of any JSON type: each push field also gets the wrong types. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom('', ' ', 'true', 'off', '17', '-1', '1e309', 'ws_1', 'https://example.com', 'a@b.c,a@b.c'),
);

const PUSH_FIELDS = [
  'payload',
  'kind',
  'passphrase',
  'name',
  'note',
  'expire_after_views',
  'expire_after_duration',
  'expire_after_days',
  'deletable_by_viewer',
  'retrieval_step',
  'notify_emails_to',
  'notify_emails_to_locale',
  'authenticated_recipients',
  'files',
];

const pushObject = fc.dictionary(fc.constantFrom(...PUSH_FIELDS), anyValue, { maxKeys: PUSH_FIELDS.length });

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

const jsonBody = fc.oneof(
  pushObject.map((push) => encode({ push })),
  fc.tuple(pushObject, anyValue).map(([push, workspace]) => encode({ push, workspace_id: workspace })),
  fc.json({ maxDepth: 4 }).map((json) => new TextEncoder().encode(json)),
  fc
    .integer({ min: 1, max: 20_000 })
    .map((depth) => new TextEncoder().encode('['.repeat(depth) + ']'.repeat(depth))),
  fc.integer({ min: 1, max: 3 }).map((mb) => encode({ push: { payload: 'x'.repeat(mb * 1_048_576 - 8) } })),
  fc.uint8Array({ maxLength: 200 }),
);

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

/** A multipart body: random part names, file names (`..`, `.`, unicode) and contents; sometimes cut short. */
const multipartBody = fc
  .tuple(
    fc.array(
      fc.record({
        name: fc.oneof(
          fc.constantFrom('push[payload]', 'push[files][]', 'push[kind]', 'push[name]'),
          headerText,
        ),
        filename: fc.option(fc.oneof(fc.constantFrom('..', '.', 'a.txt', 'ü.pdf', ''), headerText)),
        content: fc.oneof(fc.string({ maxLength: 100 }), fc.constant('y'.repeat(200_000))),
      }),
      { maxLength: 12 },
    ),
    fc.boolean(),
  )
  .map(([parts, truncated]) => {
    const body =
      parts
        .map(
          (p) =>
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"` +
            (p.filename === null
              ? ''
              : `; filename="${p.filename}"\r\nContent-Type: application/octet-stream`) +
            `\r\n\r\n${p.content}\r\n`,
        )
        .join('') + `--${BOUNDARY}--\r\n`;
    const bytes = new TextEncoder().encode(body);
    return truncated ? bytes.slice(0, Math.floor(bytes.length / 2)) : bytes;
  });

const authorization = (token: string) =>
  fc.oneof(
    fc.constant({}),
    fc.constant({ authorization: `Bearer ${token}` }),
    fc.constantFrom(
      { authorization: 'Bearer ' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: token },
    ),
    headerText.map((t) => ({ authorization: `Bearer ${t}` })),
    headerText.map((email) => ({ 'x-user-token': token, 'x-user-email': email })),
    fc.constant({ 'x-user-token': token }),
  );

/** A create request with a random JSON or multipart body, mostly with the user's token. */
function createRequest(userToken: string): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      json: fc.boolean(),
      auth: fc.oneof(
        { weight: 3, arbitrary: fc.constant({ authorization: `Bearer ${userToken}` }) },
        { weight: 1, arbitrary: authorization(userToken) },
      ),
      body: fc.oneof(
        {
          weight: 3,
          arbitrary: pushObject.map((push) => ({ type: 'application/json', bytes: encode({ push }) })),
        },
        { weight: 1, arbitrary: jsonBody.map((bytes) => ({ type: 'application/json', bytes })) },
        {
          weight: 2,
          arbitrary: multipartBody.map((bytes) => ({
            type: `multipart/form-data; boundary=${BOUNDARY}`,
            bytes,
          })),
        },
      ),
    })
    .map(({ json, auth, body }) => ({
      method: 'POST',
      path: `/api/v2/pushes${json ? '.json' : ''}`,
      headers: { ...auth, 'content-type': body.type },
      body: body.bytes,
    }));
}

/** Any request at all, with the given valid user token and push tokens mixed in now and then. */
export function anyRequest(userToken: string, pushTokens: string[]): fc.Arbitrary<RawRequest> {
  return fc.oneof(
    { weight: 2, arbitrary: createRequest(userToken) },
    { weight: 3, arbitrary: otherRequest(userToken, pushTokens) },
  );
}

function otherRequest(userToken: string, pushTokens: string[]): fc.Arbitrary<RawRequest> {
  const tokens = pushTokens.length > 0 ? pushTokens : ['none'];
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      path: path(tokens),
      auth: authorization(userToken),
      body: fc.oneof(
        fc.constant(undefined),
        jsonBody.map((bytes) => ({ type: 'application/json', bytes })),
        multipartBody.map((bytes) => ({ type: `multipart/form-data; boundary=${BOUNDARY}`, bytes })),
        fc.tuple(headerText, fc.uint8Array({ maxLength: 300 })).map(([type, bytes]) => ({ type, bytes })),
      ),
      passphrase: fc.option(headerText),
    })
    .map(({ method, path, auth, body, passphrase }) => {
      const headers: Record<string, string> = { ...auth };
      if (passphrase !== null) headers['x-passphrase'] = passphrase;
      if (body) headers['content-type'] = body.type;
      const sendsBody = body && method !== 'GET' && method !== 'HEAD';
      return { method, path, headers, body: sendsBody ? body.bytes : undefined };
    });
}
