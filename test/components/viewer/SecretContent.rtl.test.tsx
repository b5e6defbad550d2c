import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { SecretContent } from '@/components/viewer/SecretContent';

afterEach(cleanup);

it('shows a url push as a link that reads left to right, also in a right-to-left page', () => {
  render(
    <div dir="rtl">
      <SecretContent
        kind="url"
        payload="https://example.com/a?b=1"
        files={[]}
        copied={false}
        onCopy={() => {}}
        onDownload={() => {}}
      />
    </div>,
  );
  expect(screen.getByRole('link', { name: 'https://example.com/a?b=1' }).getAttribute('dir')).toBe('ltr');
});
