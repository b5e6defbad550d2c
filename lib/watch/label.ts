/**
 * How a push is called wherever the extension names it: notifications, the dashboard, its dialogs and
 * exports of words. Its name, else the start of its note, else "Push" and the start of its token. Never the
 * secret: a TrackedPush holds none.
 */
import type { TrackedPush } from './types';

const NOTE_CHARS = 40;
const TOKEN_CHARS = 8;

export function pushLabel(push: Pick<TrackedPush, 'name' | 'note' | 'url_token'>): string {
  const name = push.name.trim();
  if (name) return name;
  const note = push.note.trim().replace(/\s+/g, ' ');
  if (note) return note.length > NOTE_CHARS ? `${note.slice(0, NOTE_CHARS).trimEnd()}…` : note;
  return `Push ${push.url_token.slice(0, TOKEN_CHARS)}`;
}
