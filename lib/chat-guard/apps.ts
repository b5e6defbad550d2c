/**
 * The chat and mail web apps whose links are fetched to draw a preview (Password Pusher issues 159 and
 * 3728): one table, by host. A host matches an entry's host or any host under it (a Slack workspace's own
 * `acme.slack.com`, Discord's `ptb.discord.com`). Pure data and a lookup, no browser.
 */

/**
 * One chat or mail web app: a stable id (what a held quick push keeps, never the tab's address) and the
 * hosts it is served from. The options page names them all in its help (guard_settingHelp).
 */
export interface ChatApp {
  id: string;
  hosts: readonly string[];
}

export const CHAT_APPS: readonly ChatApp[] = [
  { id: 'slack', hosts: ['slack.com'] },
  { id: 'teams', hosts: ['teams.microsoft.com', 'teams.live.com', 'teams.cloud.microsoft'] }, // Microsoft Teams
  { id: 'google-chat', hosts: ['chat.google.com'] },
  { id: 'whatsapp', hosts: ['web.whatsapp.com'] }, // WhatsApp Web
  { id: 'telegram', hosts: ['web.telegram.org'] }, // Telegram Web
  { id: 'discord', hosts: ['discord.com'] },
  { id: 'gmail', hosts: ['mail.google.com'] },
  {
    id: 'outlook', // Outlook on the web
    hosts: ['outlook.office.com', 'outlook.office365.com', 'outlook.live.com', 'outlook.cloud.microsoft'],
  },
];

/** A host as compared: lower case, without the final dot a fully qualified name may carry. */
const normal = (host: string) => host.toLowerCase().replace(/\.$/, '');

/** The app served at `host` (a host name, no port), or undefined for any other host. */
export function chatAppAt(host: string | undefined): ChatApp | undefined {
  if (!host) return undefined;
  const name = normal(host);
  return CHAT_APPS.find((app) => app.hosts.some((one) => name === one || name.endsWith(`.${one}`)));
}

/** The app with this id (a held quick push keeps the id, never the tab's address). */
export function chatAppById(id: string | undefined): ChatApp | undefined {
  return id === undefined ? undefined : CHAT_APPS.find((app) => app.id === id);
}

/** The host name of a web address (http or https), or undefined for anything else. */
export function webHostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : undefined;
  } catch {
    return undefined; // not an address: no app
  }
}
