import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInView } from './use-in-view';

function Probe({ share }: { share?: number }) {
  const { ref, seen } = useInView<HTMLDivElement>(share);
  return <div ref={ref}>{seen ? 'seen' : 'not yet'}</div>;
}

/** observers are the fake IntersectionObservers made, with what they watch. */
let observers: Array<{ cb: IntersectionObserverCallback; threshold: number[]; disconnected: boolean }> = [];

class FakeObserver {
  rec: (typeof observers)[number];
  constructor(cb: IntersectionObserverCallback, opts?: IntersectionObserverInit) {
    this.rec = { cb, threshold: [opts?.threshold ?? 0].flat(), disconnected: false };
    observers.push(this.rec);
  }
  observe() {}
  disconnect() {
    this.rec.disconnected = true;
  }
}

const fire = (ratio: number) =>
  act(() => observers.at(-1)!.cb([{ isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry], {} as IntersectionObserver));

describe('useInView', () => {
  afterEach(() => {
    observers = [];
    vi.unstubAllGlobals();
  });

  it('counts a box as seen at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('seen')).toBeTruthy();
  });

  it('waits until the asked share of the box is on screen, then stops watching', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe share={0.25} />);
    expect(screen.getByText('not yet')).toBeTruthy();
    expect(observers.at(-1)!.threshold).toEqual([0.25]);
    fire(0.1);
    expect(screen.getByText('not yet')).toBeTruthy();
    fire(0.3);
    expect(screen.getByText('seen')).toBeTruthy();
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });
});
