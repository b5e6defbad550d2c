import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportMenu } from '@/components/dashboard/ExportMenu';

afterEach(cleanup);

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Export' }));

describe('ExportMenu', () => {
  it('says next to the export choices that the files hold live links', () => {
    render(<ExportMenu auditAvailable busy={false} onExport={() => undefined} />);
    openMenu();
    const bar = screen.getByRole('group', { name: 'Export' });
    expect(bar.textContent).toContain('Exported files contain live links to secrets');
    expect(screen.getByRole('button', { name: 'Export list (CSV)' })).toBeTruthy();
  });

  it('keeps its four formats behind one Export button, and closes once one is chosen', () => {
    const onExport = vi.fn();
    render(<ExportMenu auditAvailable busy={false} onExport={onExport} />);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Export list (CSV)' })).toBeNull();
    openMenu();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Export audit logs (JSON)' }));
    expect(onExport).toHaveBeenCalledWith('audit', 'json');
    expect(screen.queryByRole('button', { name: 'Export list (CSV)' })).toBeNull();
  });

  it('says it exports only the pushes shown while the filters narrow the list', () => {
    const onExport = vi.fn();
    render(<ExportMenu auditAvailable busy={false} shown={31} onExport={onExport} />);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Export 31 shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export list (CSV)' }));
    expect(onExport).toHaveBeenCalledWith('pushes', 'csv');
    cleanup();
    render(<ExportMenu auditAvailable busy={false} shown={1} onExport={onExport} />);
    expect(screen.getByRole('button', { name: 'Export 1 shown' })).toBeTruthy();
  });

  it('offers only the list without an API token', () => {
    render(<ExportMenu auditAvailable={false} busy={false} onExport={() => undefined} />);
    openMenu();
    expect(screen.getAllByRole('button', { name: /^Export list/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Export audit logs/ })).toBeNull();
  });

  it('shows the result as plain text, no status region made with its words (the container says it once)', () => {
    render(<ExportMenu auditAvailable busy={false} status="Saved list.csv" onExport={() => undefined} />);
    expect(screen.getByText('Saved list.csv')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes on Escape, giving focus back to Export', () => {
    render(<ExportMenu auditAvailable busy={false} onExport={() => undefined} />);
    openMenu();
    const choice = screen.getByRole('button', { name: 'Export list (CSV)' });
    choice.focus();
    fireEvent.keyDown(choice, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Export list (CSV)' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export' }));
  });

  it('keeps focus on Export while the export it started runs, and opens nothing meanwhile', () => {
    const { rerender } = render(<ExportMenu auditAvailable busy={false} onExport={() => undefined} />);
    openMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Export list (JSON)' }));
    rerender(<ExportMenu auditAvailable busy status="Exporting…" onExport={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    openMenu();
    expect(screen.queryByRole('button', { name: 'Export list (CSV)' })).toBeNull();
  });
});
