/**
 * GET /api/v2/version: public, the same for every caller; the edition decides what it says.
 */
import type { Engine } from './engine';
import { json } from './responses';

export function version(engine: Engine): Response {
  return json(200, {
    application_version: '2.11.4',
    api_version: '2.1',
    edition: engine.edition === 'pro' ? 'commercial' : 'oss',
    features: {
      anonymous_access: true,
      api_token_authentication: true,
      accounts: { enabled: engine.edition === 'pro' },
      pushes: {
        enabled: true,
        email_auto_dispatch: true,
        file_attachments: { enabled: true, requires_authentication: true },
        url_pushes: { enabled: true },
        qr_code_pushes: { enabled: true },
      },
      requests: { enabled: false },
    },
  });
}
