import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

let watchers: Array<{ cb: IntersectionObserverCallback; rootMargin?: string }> = [];
class FakeObserver {
  constructor(cb: IntersectionObserverCallback, opts?: IntersectionObserverInit) {
    watchers.push({ cb, rootMargin: opts?.rootMargin });
  }
  observe() {}
  disconnect() {}
}

describe('WhenVisible', () => {
  afterEach(() => {
    watchers = [];
    vi.unstubAllGlobals();
  });

  it('does not load its part until the box comes near the screen, holding its height meanwhile', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const load = vi.fn(() => Promise.resolve({ default: () => <p>the form</p> }));
    const Part = lazy(load);
    render(
      <WhenVisible placeholder={<span>grey</span>} minHeight={220} rootMargin="50px" testId="box">
        <Part />
      </WhenVisible>,
    );
    expect(screen.getByText('grey')).toBeTruthy();
    expect(screen.getByTestId('box').style.minHeight).toBe('220px');
    expect(watchers[0].rootMargin).toBe('50px');
    expect(load).not.toHaveBeenCalled();

    act(() => watchers[0].cb([{ isIntersecting: true, intersectionRatio: 0.01 } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByText('the form')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('box').style.minHeight).toBe('');
  });
});
