/**
 * The wire fields behind "More options", in the order MoreOptions shows them: an error on one of them opens
 * it. Apart from MoreOptions, which loads when it is first opened (PushOptions), so the check costs nothing.
 */
export const MORE_FIELDS = [
  'note',
  'deletable_by_viewer',
  'retrieval_step',
  'notify_emails_to',
  'notify_emails_to_locale',
  'authenticated_recipients',
] as const;

export type MoreField = (typeof MORE_FIELDS)[number];
