/**
 * The popup's parts read their words through lib/i18n: with the German messages they speak German, numbers
 * and units included, so the wiring is proven and not only the English (issue 12).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushForm } from '@/components/push/PushForm';
import { ResultView } from '@/components/push/ResultView';
import { TEXT_MAX_CHARS } from '@/lib/contract';
import { formReducer, initForm, type FormState } from '@/lib/push/form';
import { expiryInWords } from '@/lib/push';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { speak } from '../../i18n/speak';

afterEach(cleanup);
beforeEach(() => speak('de'));

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

function form(payload = '') {
  const start = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true });
  return formReducer(start, { type: 'payload', value: payload });
}

function renderForm(state: FormState) {
  const noop = () => {};
  render(<PushForm state={state} dispatch={noop} onSubmit={noop} onReset={noop} onGenerate={noop} />);
}

describe('the create form in German', () => {
  it('names its fields, tabs and button in German', () => {
    renderForm(form());
    expect(screen.getByRole('textbox', { name: 'Geheimnis' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Art des Push' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Dateien' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Push erstellen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passphrase erzeugen' })).toBeTruthy();
    expect(screen.getByText('Weitere Optionen')).toBeTruthy();
    expect(document.getElementById('sp-secret-keys')?.textContent).toBe(
      'Enter erstellt den Push · Shift+Enter für eine neue Zeile',
    );
  });

  it('names the expiry choices in German units', () => {
    renderForm(form());
    const expiry = screen.getByRole('combobox', { name: 'Gültigkeit' }) as HTMLSelectElement;
    const labels = [...expiry.options].map((option) => option.textContent);
    expect(labels).toContain('15 Minuten');
    expect(labels).toContain('1 Woche');
    expect(labels).toContain('3 Monate');
    expect(expiry.selectedOptions[0]?.textContent).toBe('1 Woche');
  });

  it('counts the characters near the limit with German digit grouping', () => {
    const near = 'x'.repeat(900_000);
    renderForm(form(near));
    expect(TEXT_MAX_CHARS).toBe(1_048_576);
    expect(screen.getByText('900.000 von 1.048.576 Zeichen')).toBeTruthy();
  });

  it('says a form error in German', () => {
    const state = formReducer(form(), { type: 'submit' });
    renderForm(state);
    expect(screen.getByRole('alert').textContent).toBe('Geben Sie das Geheimnis ein.');
  });
});

describe('the result in German', () => {
  it('offers its actions in German and says the expiry and the open warning in German', () => {
    const expiry = expiryInWords({ expire_after_duration: 12, views_remaining: 1500 }, NOW);
    expect(expiry).toBe('Läuft in 1 Woche oder nach 1.500 Aufrufen ab, je nachdem, was zuerst eintritt.');
    render(
      <ResultView
        url="https://push.example/p/abc"
        expiry={expiry}
        viewsLeft={1500}
        retrievalStep={false}
        renderQr={async () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>'}
        onCopyLink={vi.fn()}
        onOpen={vi.fn()}
        onCopyMessage={vi.fn()}
        onCopyPassphrase={vi.fn()}
        onDownloadPng={vi.fn()}
        onDownloadSvg={vi.fn()}
        onNew={vi.fn()}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Geheimer Link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link kopieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neuer Push' })).toBeTruthy();
    expect(screen.getByText(expiry)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vorschau' }));
    fireEvent.click(screen.getByRole('button', { name: 'Seite öffnen …' }));
    expect(
      screen.getByText(
        'Das Öffnen der Seite zeigt das Geheimnis und verbraucht einen der 1.500 verbleibenden Aufrufe.',
      ),
    ).toBeTruthy();
  });
});
