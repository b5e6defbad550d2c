import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsLinked } from '@/components/SettingsLinked';
import { readMessages } from '../i18n/messages';

afterEach(cleanup);

/** The messages that send a person to Settings, by their English words. */
const MENTIONS = /\b(open|in) Settings\b/i;

describe('SettingsLinked', () => {
  it('makes "Settings" in an error message a link to the options page', () => {
    render(<SettingsLinked text="Your API token was rejected — open Settings and check it." />);
    const link = screen.getByRole('link', { name: 'Settings' });
    expect(link.getAttribute('href')).toBe('/options.html');
    expect(link.parentElement?.textContent).toBe('Your API token was rejected — open Settings and check it.');
  });

  it('leaves a message that does not mention Settings as it is', () => {
    render(<SettingsLinked text="The server could not be reached." />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.body.textContent).toBe('The server could not be reached.');
  });

  it.each(['ar', 'de', 'es', 'fr', 'it', 'ja', 'nl', 'pt_BR'])(
    'finds the word for Settings in every %s message that sends a person there',
    (locale) => {
      const english = readMessages('en');
      const messages = readMessages(locale);
      const word = messages.popup_settings!.message.toLocaleLowerCase();
      const missing = Object.entries(english)
        .filter(([, { message }]) => MENTIONS.test(message))
        .map(([key]) => key)
        .filter((key) => !messages[key]?.message.toLocaleLowerCase().includes(word));
      expect(missing).toEqual([]);
    },
  );
});
