import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutoRefresh } from './auto-refresh';

describe('AutoRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const toggle = () => screen.getByRole('switch', { name: 'Auto refresh' });
  const status = () => screen.getByTestId('auto-refresh-status').textContent;

  it('is off by default and does nothing', () => {
    const onRefresh = vi.fn();
    render(<AutoRefresh onRefresh={onRefresh} />);
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(status()).toBe('Off');
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('when on, refreshes at once, counts down from 60 s and refreshes at each zero', () => {
    const onRefresh = vi.fn();
    render(<AutoRefresh onRefresh={onRefresh} />);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(status()).toBe('Next refresh in 60 s');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(status()).toBe('Next refresh in 59 s');
    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(status()).toBe('Next refresh in 1 s');
    expect(onRefresh).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onRefresh).toHaveBeenCalledTimes(2);
    expect(status()).toBe('Next refresh in 60 s');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onRefresh).toHaveBeenCalledTimes(3);
  });

  it('off stops the countdown', () => {
    const onRefresh = vi.fn();
    render(<AutoRefresh onRefresh={onRefresh} defaultEnabled />);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    fireEvent.click(toggle());
    expect(status()).toBe('Off');
    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('honours a custom refresh time and restarts the countdown when turned on again', () => {
    const onRefresh = vi.fn();
    render(<AutoRefresh onRefresh={onRefresh} refreshTime={5} />);
    fireEvent.click(toggle());
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(status()).toBe('Next refresh in 2 s');
    fireEvent.click(toggle());
    fireEvent.click(toggle());
    expect(onRefresh).toHaveBeenCalledTimes(2);
    expect(status()).toBe('Next refresh in 5 s');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onRefresh).toHaveBeenCalledTimes(3);
  });

  it('can be controlled and calls the latest onRefresh', () => {
    const first = vi.fn();
    const second = vi.fn();
    const onEnabledChange = vi.fn();
    const { rerender } = render(<AutoRefresh onRefresh={first} enabled onEnabledChange={onEnabledChange} refreshTime={2} />);
    expect(first).toHaveBeenCalledTimes(1);
    rerender(<AutoRefresh onRefresh={second} enabled onEnabledChange={onEnabledChange} refreshTime={2} />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(second).toHaveBeenCalledTimes(1);
    fireEvent.click(toggle());
    expect(onEnabledChange).toHaveBeenCalledWith(false);
    // Still on until the parent says otherwise.
    expect(toggle().getAttribute('aria-checked')).toBe('true');
  });
});
