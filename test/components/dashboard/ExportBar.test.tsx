import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportBar } from '@/components/dashboard/ExportBar';

afterEach(cleanup);

describe('ExportBar', () => {
  it('says next to the export buttons that the files hold live links', () => {
    render(<ExportBar auditAvailable busy={false} onExport={() => undefined} />);
    const bar = screen.getByRole('group', { name: 'Export' });
    expect(bar.textContent).toContain('Exported files contain live links to secrets');
    expect(screen.getByRole('button', { name: 'Export list (CSV)' })).toBeTruthy();
  });
});
