import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { useEffect, useReducer } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushForm } from '@/components/push/PushForm';
import { DRAWN_AFTER_MS } from '@/components/push/useSendingDrawn';
import type { AppErrorData } from '@/lib/errors';
import type { CreatePushInput, Edition } from '@/lib/api';
import { formReducer, initForm, toCreateInput, type FormAction } from '@/lib/push/form';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { useLiveRegion } from '../../sp-live';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);
const live = useLiveRegion();

interface HarnessProps {
  edition?: Edition;
  signedIn?: boolean;
  /** Resolves to an error to fail the send, or nothing to succeed; never settles when omitted. */
  send?: (input: CreatePushInput) => Promise<AppErrorData | void>;
  onReset?: () => void;
  onGenerate?: (style: string) => void;
  actions?: FormAction[];
}

/** What the popup container will do: own the reducer, send once per accepted submission. */
function Harness({
  edition = 'pro',
  signedIn = true,
  send,
  onReset,
  onGenerate,
  actions = [],
}: HarnessProps) {
  const [state, dispatch] = useReducer(
    formReducer,
    actions.reduce(formReducer, initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition, signedIn })),
  );
  useEffect(() => {
    if (state.status !== 'sending') return;
    (send ?? (() => new Promise<never>(() => {})))(toCreateInput(state)).then((error) =>
      dispatch(error ? { type: 'failed', error } : { type: 'sent' }),
    );
  }, [state.submission]); // one send per accepted submission
  return (
    <PushForm
      state={state}
      dispatch={dispatch}
      onSubmit={() => dispatch({ type: 'submit' })}
      onReset={onReset ?? (() => dispatch({ type: 'reset' }))}
      onGenerate={onGenerate ?? (() => {})}
      failureMessage={state.failure?.message}
    />
  );
}

/** PushForm's props around a fresh form (or one in `status`), its actions doing nothing. */
function formProps(status: 'idle' | 'sending' = 'idle') {
  const state = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true });
  return {
    state: { ...state, status },
    dispatch: () => {},
    onSubmit: () => {},
    onReset: () => {},
    onGenerate: () => {},
  };
}

const secret = () => screen.getByRole('textbox', { name: 'Secret' });
/** "More options" loads its fields when first opened (components/onDemand.tsx): opens it and waits for them. */
async function openMoreOptions() {
  fireEvent.click(screen.getByText('More options'));
  await waitFor(() => expect(screen.getByText('More options').closest('details')!.open).toBe(true));
}
const createButton = () => screen.getByRole('button', { name: 'Create push' });

describe('PushForm: names', () => {
  it('names the secret field "Secret" and the button "Create push"', () => {
    render(<Harness />);
    expect(secret().tagName).toBe('TEXTAREA');
    expect(createButton()).toHaveProperty('type', 'submit');
  });

  it('offers the four kinds as tabs with Text selected', () => {
    render(<Harness />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Text', 'URL', 'QR code', 'Files']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Text');
  });
});

describe('PushForm: errors', () => {
  it('shows a missing secret next to the field', async () => {
    render(<Harness />);
    fireEvent.click(createButton());
    const field = secret();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The field is also described by its key hint (issue 11); the error is among what describes it.
    const ids = field.getAttribute('aria-describedby')!.split(' ');
    const error = document.getElementById(ids.find((id) => id.startsWith('sp-error-'))!)!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('Enter the secret.');
  });

  it('clears the error once the secret is typed', () => {
    render(<Harness />);
    fireEvent.click(createButton());
    fireEvent.input(secret(), { target: { value: 'x' } });
    expect(secret().hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a server 422 next to the views field', async () => {
    const send = vi.fn(async () => ({
      code: 'validation' as const,
      message: 'Check the form.',
      fields: { expire_after_views: ['must be at most 100'] },
    }));
    render(<Harness send={send} />);
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.click(createButton());
    const views = await screen.findByRole('spinbutton', { name: 'Views' });
    await vi.waitFor(() => expect(views.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(views.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Views must be at most 100',
    );
  });
});

describe('PushForm: length', () => {
  const qrForm = (send?: HarnessProps['send']) =>
    render(<Harness send={send} actions={[{ type: 'kind', kind: 'qr' }]} />);

  // A maxLength would make the browser cut a paste silently, and the push would hold a truncated secret.
  it.each([
    ['text', []],
    ['qr', [{ type: 'kind', kind: 'qr' }]],
  ] as const)('puts no maxLength on the %s secret', (_kind, actions) => {
    render(<Harness actions={[...actions]} />);
    expect(secret().hasAttribute('maxlength')).toBe(false);
  });

  it('counts the QR text near its limit only', () => {
    qrForm();
    fireEvent.input(secret(), { target: { value: 'x'.repeat(100) } });
    expect(screen.queryByText(/ of 1,024 characters$/)).toBeNull();
    fireEvent.input(secret(), { target: { value: 'x'.repeat(1000) } });
    const count = screen.getByText('1,000 of 1,024 characters');
    expect(secret().getAttribute('aria-describedby')).toContain(count.id);
  });

  it('keeps QR text over 1,024 characters whole and says on the field that it is too long', async () => {
    const send = vi.fn(async () => undefined);
    qrForm(send);
    const long = 'q'.repeat(1500);
    fireEvent.input(secret(), { target: { value: long } });
    expect(screen.getByText('1,500 of 1,024 characters')).toBeTruthy();
    fireEvent.click(createButton());
    expect(secret().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      'The QR code text is too long: at most 1,024 characters.',
    );
    expect((secret() as HTMLTextAreaElement).value).toBe(long);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('PushForm: sending', () => {
  it('sends once when submitted twice in a row', () => {
    const send = vi.fn(() => new Promise<never>(() => {}));
    render(<Harness send={send} />);
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    const form = createButton().closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.keyDown(form, { key: 'Enter', ctrlKey: true });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ payload: 's3cret' }));
  });

  it('keeps the entered values and says why when the send fails', async () => {
    render(<Harness send={async () => ({ code: 'network', message: 'The server could not be reached.' })} />);
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Passphrase' }), {
      target: { value: 'open sesame' },
    });
    fireEvent.click(createButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The server could not be reached.');
    expect(secret()).toHaveProperty('value', 's3cret');
    expect(screen.getByRole('textbox', { name: 'Passphrase' })).toHaveProperty('value', 'open sesame');
    expect(createButton().getAttribute('aria-disabled')).toBe('false');
    expect(secret().closest('fieldset')).toHaveProperty('disabled', false);
  });

  it('while sending, takes no typing at once and draws "Sending…" only after a moment: said once, its fields disabled, focus kept on Create (issue 37)', async () => {
    render(<Harness />);
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    secret().focus();
    const form = createButton().closest('form')!;
    let redrawn = 0;
    // Elements added, removed or changed (a text node rewritten with the same words is not a redraw).
    const observer = new MutationObserver((records) => (redrawn += records.length));
    observer.observe(form, { subtree: true, childList: true, attributes: true });
    fireEvent.keyDown(secret(), { key: 'Enter', ctrlKey: true });
    const typed = () => {
      const event = new InputEvent('beforeinput', {
        data: 'x',
        inputType: 'insertText',
        cancelable: true,
        bubbles: true,
      });
      secret().dispatchEvent(event);
      return event.defaultPrevented;
    };
    // From the click: no typing, and nothing redrawn while a quick answer may still come (useSendingDrawn.ts).
    expect(typed()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, DRAWN_AFTER_MS / 2));
    expect(redrawn).toBe(0);
    expect(document.querySelector('.sp-actions .sp-hint')?.textContent).toBe('');
    expect(document.activeElement).toBe(secret());
    // A send that runs on is drawn: the line beside Create, the page's region saying it once, the fields
    // disabled, and focus gone to Create, never to the page's body.
    await waitFor(() => expect(document.querySelector('.sp-actions .sp-hint')?.textContent).toBe('Sending…'));
    observer.disconnect();
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(createButton().getAttribute('aria-disabled')).toBe('true');
    // The line beside Create is not a status region created with its text (WCAG 4.1.3): the page's region says it.
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(live().textContent).toBe('Sending…'));
    expect(secret().closest('fieldset')).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(createButton());
    expect(createButton()).toHaveProperty('disabled', false); // aria-disabled: it keeps its focus
    expect(typed()).toBe(true);
  });
});

describe('PushForm: keyboard', () => {
  // Issue 39 §4: every field and control of the form, "More options" open, each in a fresh form.
  it.each(['text', 'url'] as const)(
    'creates once on Ctrl+Enter from every field of the %s form, none taking the key for itself',
    async (kind) => {
      const fieldsOf = () =>
        [
          ...createButton().closest('form')!.querySelectorAll('input, select, textarea, button, summary'),
        ].filter((field) => !(field as HTMLInputElement).disabled);
      const fresh = async () => {
        const send = vi.fn(() => new Promise<never>(() => {}));
        render(<Harness send={send} actions={[{ type: 'kind', kind }]} />);
        const field = kind === 'text' ? secret() : screen.getByRole('textbox', { name: 'URL' });
        fireEvent.input(field, { target: { value: kind === 'text' ? 's3cret' : 'https://example.com/x' } });
        await openMoreOptions();
        return send;
      };
      await fresh();
      const count = fieldsOf().length;
      cleanup();
      expect(count).toBeGreaterThan(8);
      for (let index = 0; index < count; index++) {
        const send = await fresh();
        const field = fieldsOf()[index]!;
        const event = fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
        expect(event, `${field.tagName} ${field.getAttribute('name') ?? field.textContent}`).toBe(false);
        fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true, repeat: true });
        await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
        cleanup();
      }
    },
  );

  it.each([
    ['Ctrl+Enter', { ctrlKey: true }],
    ['Cmd+Enter', { metaKey: true }],
  ])('submits on %s', (_name, modifiers) => {
    const send = vi.fn(() => new Promise<never>(() => {}));
    render(<Harness send={send} />);
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.keyDown(secret(), { key: 'Enter', ...modifiers });
    expect(send).toHaveBeenCalledTimes(1);
  });

  // Issue 11 changed this on purpose: plain Enter in the secret now submits (paste, Enter, done), and
  // Shift+Enter is the new line; before, only Ctrl/Cmd+Enter did.
  it('submits on a plain Enter in the secret, with the keys said on screen', async () => {
    const send = vi.fn(() => new Promise<never>(() => {}));
    render(<Harness send={send} />);
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.keyDown(secret(), { key: 'Enter' });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(document.body.textContent).toContain('Enter creates the push · Shift+Enter for a new line');
  });

  it.each([
    ['Shift+Enter', { shiftKey: true }],
    ['Enter while composing a word', { isComposing: true }],
  ])('does not submit on %s in the secret', (_name, keys) => {
    const send = vi.fn(() => new Promise<never>(() => {}));
    render(<Harness send={send} />);
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.keyDown(secret(), { key: 'Enter', ...keys });
    expect(send).not.toHaveBeenCalled();
  });

  it('resets an empty form on Escape', () => {
    const onReset = vi.fn();
    render(<Harness onReset={onReset} />);
    fireEvent.keyDown(secret(), { key: 'Escape' });
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('asks before clearing a filled form: the first Escape only says to press it again', () => {
    const onReset = vi.fn();
    render(<Harness onReset={onReset} />);
    fireEvent.input(secret(), { target: { value: 'typed with care' } });
    fireEvent.keyDown(secret(), { key: 'Escape' });
    expect(onReset).not.toHaveBeenCalled();
    expect(screen.getByText('Press Esc again to clear the form.')).toBeTruthy();
    expect((secret() as HTMLTextAreaElement).value).toBe('typed with care');

    fireEvent.keyDown(secret(), { key: 'Escape' });
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('takes the question back when another key follows the first Escape', () => {
    const onReset = vi.fn();
    render(<Harness onReset={onReset} />);
    fireEvent.input(secret(), { target: { value: 'typed' } });
    fireEvent.keyDown(secret(), { key: 'Escape' });
    fireEvent.keyDown(secret(), { key: 'a' });
    expect(screen.queryByText('Press Esc again to clear the form.')).toBeNull();
    fireEvent.keyDown(secret(), { key: 'Escape' });
    expect(onReset).not.toHaveBeenCalled();
  });

  it('moves between kinds with the arrow keys', () => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Text' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('URL');
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeTruthy();
  });
});

describe('PushForm: options', () => {
  it('offers the 18 pro durations by name', () => {
    render(<Harness edition="pro" />);
    const options = within(screen.getByRole('combobox', { name: 'Expiry' })).getAllByRole('option');
    expect(options).toHaveLength(18);
    expect(options[0]!.textContent).toBe('15 minutes');
    expect(options[17]!.textContent).toBe('3 months');
  });

  it('offers 1 to 90 days on oss', () => {
    render(<Harness edition="oss" />);
    const options = within(screen.getByRole('combobox', { name: 'Expiry' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(
      Array.from({ length: 90 }, (_, i) => (i === 0 ? '1 day' : `${i + 1} days`)),
    );
  });

  it('shows authenticated recipients on pro only', async () => {
    render(<Harness edition="pro" />);
    await openMoreOptions();
    expect(screen.getByRole('checkbox', { name: 'Authenticated recipients' })).toBeTruthy();
    cleanup();
    render(<Harness edition="oss" />);
    await openMoreOptions();
    expect(screen.queryByRole('checkbox', { name: 'Authenticated recipients' })).toBeNull();
  });

  it('names every option field', async () => {
    render(<Harness />);
    await openMoreOptions();
    for (const name of ['Passphrase', 'Name', 'Private note', 'Notify e-mails']) {
      expect(screen.getByRole('textbox', { name, hidden: true })).toBeTruthy();
    }
    for (const name of ['Deletable by viewer', 'Retrieval step']) {
      expect(screen.getByRole('checkbox', { name, hidden: true })).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: 'E-mail language', hidden: true })).toBeTruthy();
  });

  it('asks for a passphrase in the chosen style', () => {
    const onGenerate = vi.fn();
    render(<Harness onGenerate={onGenerate} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Passphrase style' }), {
      target: { value: 'characters' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate passphrase' }));
    expect(onGenerate).toHaveBeenCalledWith('characters');
  });

  it('generates from an icon button named "Generate passphrase", with no visible text to wrap', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Generate passphrase' });
    expect(button.textContent).toBe('');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('opens "More options" when one of its fields has an error', async () => {
    render(<Harness signedIn={false} />);
    fireEvent.input(secret(), { target: { value: 's' } });
    await openMoreOptions();
    fireEvent.input(screen.getByRole('textbox', { name: 'Notify e-mails' }), {
      target: { value: 'a@x.io' },
    });
    const details = screen.getByText('More options').closest('details')!;
    details.open = false;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(details.open).toBe(false));
    fireEvent.click(createButton());
    await waitFor(() => expect(details.open).toBe(true));
    expect(screen.getByRole('alert').textContent).toBe('Sign in to send e-mail notifications.');
  });
});

describe('PushForm: the name’s sample', () => {
  const name = () => screen.getByLabelText('Name') as HTMLInputElement;

  it('is the name an unnamed text push gets: its kind and the time to the second, following the clock', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-14T06:22:05Z'), toFake: ['Date', 'setInterval'] });
    render(<Harness />);
    const first = name().placeholder;
    expect(first).toMatch(/^Text · Nov 14, \d\d?:22:05 [AP]M$/);
    act(() => {
      vi.advanceTimersByTime(36_000);
    });
    expect(name().placeholder).toMatch(/^Text · Nov 14, \d\d?:22:41 [AP]M$/);
    vi.useRealTimers();
  });

  it('names a URL push by the host typed and the time, never by its path', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'URL' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://wiki.example.com/reset?k=s3' },
    });
    expect(name().placeholder).toMatch(/^URL · wiki\.example\.com · \w{3} \d\d?, \d\d?:\d\d:\d\d [AP]M$/);
  });
});

describe('PushForm: the page the popup opened over', () => {
  const thisPage = () => ({ host: 'wiki.example.com', push: vi.fn(), options: vi.fn() });

  it('offers it in one click, by its host, with its options one click further', () => {
    const page = thisPage();
    render(<PushForm {...formProps()} thisPage={page} />);
    fireEvent.click(screen.getByRole('button', { name: 'Push this page: wiki.example.com' }));
    expect(page.push).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Choose options to push this page' }));
    expect(page.options).toHaveBeenCalledTimes(1);
  });

  it('offers nothing without a page, and nothing once a send is drawn', async () => {
    const { unmount } = render(<PushForm {...formProps()} />);
    expect(screen.queryByRole('button', { name: /Push this page/ })).toBeNull();
    unmount();
    render(<PushForm {...formProps('sending')} thisPage={thisPage()} />);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Push this page/ })).toBeNull());
  });
});

describe('PushForm: files and Wi-Fi', () => {
  it('lists picked files with their sizes and removes one', async () => {
    render(<Harness actions={[{ type: 'kind', kind: 'file' }]} />);
    const files = [new File(['abc'], 'a.txt', { type: 'text/plain' }), new File(['x'.repeat(2048)], 'b.bin')];
    // The files panel loads on demand (components/onDemand.tsx).
    fireEvent.change(await screen.findByLabelText('Files', { selector: 'input' }), { target: { files } });
    const list = screen.getByRole('list', { name: 'Attached files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a.txt 3 bytes×', 'b.bin 2 kB×']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.txt' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows the Wi-Fi fields and hides the password of an open network', async () => {
    render(
      <Harness
        actions={[
          { type: 'kind', kind: 'qr' },
          { type: 'qrSource', source: 'wifi' },
        ]}
      />,
    );
    // The Wi-Fi builder loads on demand (components/onDemand.tsx).
    expect(await screen.findByRole('textbox', { name: 'Network name' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Wi-Fi password' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Security' }), { target: { value: 'nopass' } });
    expect(screen.queryByRole('textbox', { name: 'Wi-Fi password' })).toBeNull();
  });

  it('shows "Wi-Fi network" once: the choice names the group of its fields, which has no heading of its own', async () => {
    render(
      <Harness
        actions={[
          { type: 'kind', kind: 'qr' },
          { type: 'qrSource', source: 'wifi' },
        ]}
      />,
    );
    expect(await screen.findByRole('group', { name: 'Wi-Fi network' })).toBeTruthy();
    expect(screen.getAllByText('Wi-Fi network')).toHaveLength(1);
  });

  it('sends the Wi-Fi network as the QR payload', async () => {
    const send = vi.fn(() => new Promise<never>(() => {}));
    render(
      <Harness
        send={send}
        actions={[
          { type: 'kind', kind: 'qr' },
          { type: 'qrSource', source: 'wifi' },
        ]}
      />,
    );
    fireEvent.input(await screen.findByRole('textbox', { name: 'Network name' }), {
      target: { value: 'Home' },
    });
    fireEvent.input(screen.getByRole('textbox', { name: 'Wi-Fi password' }), { target: { value: 'pw;1' } });
    fireEvent.click(createButton());
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'qr', payload: 'WIFI:T:WPA;S:Home;P:pw\\;1;;' }),
    );
  });
});
