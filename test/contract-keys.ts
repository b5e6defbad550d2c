/**
 * The key sets of docs/api-contract.md §4, written out once for every test that checks them (the service
 * tests, the mock's views, the client's strict schemas). Copied from the contract, never imported from the
 * sources, so a source that forgets or adds a field fails against them.
 */
export const PRO_PUSH_KEYS = [
  'account_id',
  'created_at',
  'days_remaining',
  'deletable_by_viewer',
  'deleted',
  'expire_after_days',
  'expire_after_duration',
  'expire_after_views',
  'expired',
  'expired_on',
  'expires_at',
  'expires_in',
  'html_url',
  'json_url',
  'name',
  'note',
  'notify_emails_to',
  'passphrase',
  'retrieval_step',
  'updated_at',
  'url_token',
  'views_remaining',
];
export const OSS_PUSH_KEYS = [
  'created_at',
  'days_remaining',
  'deletable_by_viewer',
  'deleted',
  'expire_after_days',
  'expire_after_views',
  'expired',
  'expired_on',
  'html_url',
  'json_url',
  'name',
  'note',
  'passphrase',
  'retrieval_step',
  'updated_at',
  'url_token',
  'views_remaining',
];
const without = (keys: string[], drop: string[]) => keys.filter((key) => !drop.includes(key));
export const PUSH_KEYS = { pro: PRO_PUSH_KEYS, oss: OSS_PUSH_KEYS };
export const RETRIEVED_KEYS = {
  pro: [
    ...without(PRO_PUSH_KEYS, ['account_id', 'name', 'note', 'notify_emails_to']),
    'files',
    'payload',
  ].sort(),
  oss: [...without(OSS_PUSH_KEYS, ['name', 'note']), 'files', 'payload'].sort(),
};
export const DELETED_KEYS = { pro: PRO_PUSH_KEYS, oss: without(OSS_PUSH_KEYS, ['name', 'note']) };
export const AUDIT_ENTRY_KEYS = ['created_at', 'ip', 'kind', 'referrer', 'updated_at', 'user_agent'];
