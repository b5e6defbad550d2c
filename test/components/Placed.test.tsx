import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Placed, PLACE } from '@/components/Placed';

afterEach(cleanup);

describe('Placed: an element where the message puts it', () => {
  it.each([
    [`to ${PLACE}`, 'to <strong>host</strong>'],
    [`送信先: ${PLACE}`, '送信先: <strong>host</strong>'],
    [`${PLACE} erstellt den Push`, '<strong>host</strong> erstellt den Push'],
    ['no mark at all', 'no mark at all'],
  ])('%j', (text, html) => {
    const { container } = render(
      <p>
        <Placed text={text}>
          <strong>host</strong>
        </Placed>
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe(html);
  });
});
