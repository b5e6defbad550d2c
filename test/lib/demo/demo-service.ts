/**
 * The demo service's database as the extension keeps it: the real mock backend on the real mock store,
 * under the demo database's name on the global (fake) IndexedDB, which is the extension origin's, with a
 * clock the test moves. Requests counted, so a test can tell none reached the service.
 */
import { createMockBackend, openMockStore, type MockStore } from '@/lib/mock';
import { DEMO_BASE_URL, DEMO_DB_NAME, DEMO_USER_EMAIL } from '@/lib/demo/constants';

export const DEMO_TOKEN = 'demo-token-0123456789';
export const MINUTE = 60_000;

export interface DemoService {
  clock: { now: number };
  /** How many requests reached the service. */
  requests(): number;
  /** Creates a push (JSON body fields as the API takes them); returns its url_token. */
  create(push: Record<string, unknown>): Promise<string>;
  /** The stored record of a push, read straight from the database. */
  stored(urlToken: string): Promise<Record<string, unknown> | undefined>;
  /** The file records of a push still stored. */
  files(urlToken: string): Promise<unknown[]>;
  store: MockStore;
}

export async function demoService(start = Date.UTC(2026, 0, 1)): Promise<DemoService> {
  const store = await openMockStore({ name: DEMO_DB_NAME });
  const clock = { now: start };
  let count = 0;
  const backend = createMockBackend({
    store,
    baseUrl: DEMO_BASE_URL,
    users: [{ email: DEMO_USER_EMAIL, token: DEMO_TOKEN }],
    clock: () => clock.now,
    rateLimit: 0,
  });
  const call = (request: Request) => {
    count++;
    return backend(request);
  };
  return {
    clock,
    store,
    requests: () => count,
    async create(push) {
      const form = new FormData();
      for (const [key, value] of Object.entries(push))
        form.append(key === 'files' ? 'push[files][]' : `push[${key}]`, value as string | Blob);
      const response = await call(
        new Request(`${DEMO_BASE_URL}/api/v2/pushes`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
          body: form,
        }),
      );
      if (response.status !== 201) throw new Error(`create: ${response.status}`);
      return ((await response.json()) as { url_token: string }).url_token;
    },
    stored: async (urlToken) =>
      (await store.db.get('pushes', urlToken)) as unknown as Record<string, unknown> | undefined,
    files: (urlToken) => store.db.getAllFromIndex('files', 'by-push', urlToken),
  };
}

/** The names of the databases the extension origin has. */
export async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((db) => db.name ?? '');
}
