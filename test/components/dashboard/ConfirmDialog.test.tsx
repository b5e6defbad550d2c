import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/components/dashboard/ConfirmDialog';

afterEach(cleanup);

function renderDialog() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      title="Expire Door code?"
      message="The link stops working at once."
      confirmLabel="Expire push"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('alertdialog', { name: 'Expire Door code?' }) };
}

describe('ConfirmDialog', () => {
  it('is a modal alert dialog named by its title and described by its message', () => {
    const { dialog } = renderDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe(
      'The link stops working at once.',
    );
  });

  it('opens as a native modal dialog, so the page behind it is inert', () => {
    const { dialog } = renderDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it.each([
    ['Tab from the last button goes to the first', 'Cancel', false, 'Expire push'],
    ['Shift+Tab from the first button goes to the last', 'Expire push', true, 'Cancel'],
  ])('keeps focus inside: %s', (_, from, shiftKey, to) => {
    const { dialog } = renderDialog();
    screen.getByRole('button', { name: from }).focus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: to }));
  });

  it('brings focus back inside when it was moved out', () => {
    const outside = document.body.appendChild(document.createElement('button'));
    const { dialog } = renderDialog();
    outside.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Expire push' }));
    outside.remove();
  });

  it('gives focus back to where it was when it closes', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const { unmount } = render(
      <ConfirmDialog
        title="Expire?"
        message="Gone at once."
        confirmLabel="Expire"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(document.activeElement).not.toBe(opener);
    unmount();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    opener.remove();
  });

  it("cancels on the browser's own close request (Escape on a modal dialog)", () => {
    const { dialog, onCancel } = renderDialog();
    const request = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(request);
    expect(request.defaultPrevented).toBe(true);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it('starts on Cancel, the safe choice', () => {
    renderDialog();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('confirms with its confirm button', () => {
    const { onConfirm, onCancel } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Expire push' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it.each([
    ['the Cancel button', () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', () => fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })],
  ])('cancels with %s', (_, act) => {
    const { onConfirm, onCancel } = renderDialog();
    act();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
