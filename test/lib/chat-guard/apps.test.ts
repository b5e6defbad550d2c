import { describe, expect, it } from 'vitest';
import { CHAT_APPS, chatAppAt, chatAppById, webHostOf } from '@/lib/chat-guard';

describe('the table of chat and mail web apps', () => {
  it.each([
    ['app.slack.com', 'slack'],
    ['acme.slack.com', 'slack'],
    ['teams.microsoft.com', 'teams'],
    ['teams.live.com', 'teams'],
    ['teams.cloud.microsoft', 'teams'],
    ['chat.google.com', 'google-chat'],
    ['web.whatsapp.com', 'whatsapp'],
    ['web.telegram.org', 'telegram'],
    ['discord.com', 'discord'],
    ['ptb.discord.com', 'discord'],
    ['mail.google.com', 'gmail'],
    ['outlook.office.com', 'outlook'],
    ['outlook.office365.com', 'outlook'],
    ['outlook.live.com', 'outlook'],
    ['APP.Slack.COM.', 'slack'],
  ])('knows %s as %s', (host, id) => {
    expect(chatAppAt(host)?.id).toBe(id);
  });

  it.each([
    'slack.com.evil.example',
    'notslack.com',
    'google.com',
    'docs.google.com',
    'whatsapp.com',
    'telegram.org',
    'microsoft.com',
    'office.com',
    'pwpush.com',
    '',
  ])('knows no app at %s', (host) => {
    expect(chatAppAt(host)).toBeUndefined();
  });

  it('lists the eight apps of issue 39, each once, with ids that find them again', () => {
    expect(CHAT_APPS.map((app) => app.id)).toEqual([
      'slack',
      'teams',
      'google-chat',
      'whatsapp',
      'telegram',
      'discord',
      'gmail',
      'outlook',
    ]);
    for (const app of CHAT_APPS) expect(chatAppById(app.id)).toBe(app);
    expect(chatAppById('irc')).toBeUndefined();
    expect(chatAppById(undefined)).toBeUndefined();
  });

  it.each([
    ['https://app.slack.com/client/T1/C2', 'app.slack.com'],
    ['http://app.slack.com:4321/', 'app.slack.com'],
    ['chrome://settings/', undefined],
    ['file:///home/me/notes.txt', undefined],
    ['not an address', undefined],
    [undefined, undefined],
  ])('reads the host of %s as %s (web addresses only)', (url, host) => {
    expect(webHostOf(url)).toBe(host);
  });
});
