import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '@/lib/notify';
import { CopyText } from './copy-text';
import { MCopyText } from './m-copy-text';

const hash = '00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7';

describe.each([
  ['CopyText', CopyText],
  ['MCopyText', MCopyText],
])('%s', (_, Copy) => {
  let written: string[];
  let notices: string[][];
  let undo: () => void;
  beforeEach(() => {
    written = [];
    notices = [];
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async (s: string) => void written.push(s)) },
      configurable: true,
    });
    undo = setNotifier((kind, message) => notices.push([kind, message]));
  });
  afterEach(() => undo());

  it('shows a long value by its ends and copies the whole of it, without opening the row it sits in', async () => {
    const openRow = vi.fn();
    render(
      <div onClick={openRow}>
        <Copy text={hash} keep={6} testId="hash" />
      </div>,
    );
    expect(screen.getByTestId('hash').textContent).toBe('000000…d5e6f7');
    expect(screen.getByTestId('hash').getAttribute('data-full')).toBe(hash);
    fireEvent.click(screen.getByTestId('hash-copy'));
    await waitFor(() => expect(written).toEqual([hash]));
    await waitFor(() => expect(notices).toEqual([['success', 'Copied']]));
    expect(openRow).not.toHaveBeenCalled();
  });

  it('shows the whole value without keep, and says when the browser refuses the copy', async () => {
    (navigator.clipboard.writeText as ReturnType<typeof vi.fn>).mockRejectedValue(new Error('denied'));
    document.execCommand = vi.fn(() => false);
    render(<Copy text="ord_123" testId="order" />);
    expect(screen.getByTestId('order').textContent).toBe('ord_123');
    fireEvent.click(screen.getByTestId('order-copy'));
    await waitFor(() => expect(notices).toEqual([['error', 'Copy failed']]));
  });
});
