/**
 * The client's reads: lists, audit logs and previews. Each is safe to repeat, so each goes through the
 * client's `read` (a short Retry-After is waited out).
 */
import type { z } from '@/lib/zod';
import { toPage, walkPages } from './pagination';
import { ACTIVE_PATH, EXPIRED_PATH, auditPath, checkPage, previewPath } from './paths';
import type { Read } from './retry';
import { auditSchema, previewSchema, type PushSchemas } from './schemas';
import type { ApiRequest, Endpoint, RawResponse } from './transport';
import type { ApiClient } from './types';

/** One exchange, its body checked against `schema` (createApiClient's `call`). */
export type Call = <S extends z.core.$ZodType>(
  request: ApiRequest,
  schema: S,
) => Promise<{ data: z.infer<S>; raw: RawResponse }>;

export interface ReadDeps {
  call: Call;
  read: Read;
  /** The schemas of the edition known so far. */
  schemas: () => PushSchemas;
  baseUrl: string;
}

type Reads = Pick<
  ApiClient,
  'previewPush' | 'auditPage' | 'auditAll' | 'activePage' | 'expiredPage' | 'activeAll' | 'expiredAll'
>;

/** The read methods of one client. */
export function readMethods({ call, read, schemas, baseUrl }: ReadDeps): Reads {
  async function listPage(endpoint: Endpoint, path: string, page: number) {
    checkPage(page);
    return read(async () => {
      const query = { page: String(page) };
      const { data, raw } = await call({ endpoint, method: 'GET', path, query }, schemas().list);
      return toPage(data, page, raw.headers, baseUrl);
    });
  }

  async function auditPage(urlToken: string, page = 1) {
    const path = auditPath(urlToken);
    checkPage(page);
    return read(async () => {
      const query = { page: String(page) };
      const { data, raw } = await call({ endpoint: 'audit', method: 'GET', path, query }, auditSchema);
      return toPage(data.logs, page, raw.headers, baseUrl);
    });
  }

  return {
    async previewPush(urlToken) {
      const path = previewPath(urlToken);
      return read(async () => {
        const { data } = await call({ endpoint: 'preview', method: 'GET', path }, previewSchema);
        return { url: data.url };
      });
    },
    auditPage,
    auditAll: (urlToken) => walkPages((page) => auditPage(urlToken, page)),
    activePage: (page = 1) => listPage('active', ACTIVE_PATH, page),
    expiredPage: (page = 1) => listPage('expired', EXPIRED_PATH, page),
    activeAll: () => walkPages((page) => listPage('active', ACTIVE_PATH, page)),
    expiredAll: () => walkPages((page) => listPage('expired', EXPIRED_PATH, page)),
  };
}
