import { act, fireEvent, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { Pow } from '../model/pow';
import type { PowJob } from '../model/pow-solver';
import { keyPosition } from '../model/track-recorder';
import { SLIDER_CLOSE_DELAY_MS, useSliderCaptcha, type SliderCaptchaApi } from './use-slider-captcha';

/** fakeApi answers challenges id-1, id-2, ... with pow challenges pow-1, ...; each solves at once to nonce-<challenge>. */
function fakeApi(results: Array<string | Error> = ['ticket-1'], solve?: (pow: Pow) => PowJob) {
  let n = 0;
  const api: SliderCaptchaApi = {
    create: vi.fn(async () => {
      n++;
      return { id: `id-${n}`, width: 300, pow: { challenge: `pow-${n}`, bits: 16 } };
    }),
    check: vi.fn(async () => {
      const next = results.shift() ?? 'ticket-x';
      if (next instanceof Error) throw next;
      return next;
    }),
    solve: vi.fn(solve ?? ((pow: Pow) => ({ nonce: Promise.resolve(`nonce-${pow.challenge}`), cancel: vi.fn() }))),
  };
  return api;
}

const checkCall = (api: SliderCaptchaApi, i = 0) => (api.check as ReturnType<typeof vi.fn>).mock.calls[i]![0];

const flush = () => act(async () => {});

// jsdom has no PointerEvent; a MouseEvent with the pointer fields stands in.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventShim extends MouseEvent {
    pointerId: number;
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventShim;
}

function keyEvent(key: string) {
  return { key, preventDefault: () => {} } as unknown as React.KeyboardEvent<HTMLElement>;
}

describe('useSliderCaptcha', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a challenge when opened', async () => {
    const api = fakeApi();
    const { result } = renderHook(() => useSliderCaptcha({ open: true, onPass: vi.fn(), onDone: vi.fn(), api }));
    expect(result.current.status).toBe('loading');
    await flush();
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('ready');
  });

  it('keyboard: arrow presses make a real track; a pass hands over the ticket and closes 2 s later', async () => {
    const api = fakeApi(['ticket-1']);
    const onPass = vi.fn();
    const onDone = vi.fn();
    const { result } = renderHook(() => useSliderCaptcha({ open: true, onPass, onDone, api }));
    await flush();
    for (let i = 0; i < 10; i++) {
      act(() => result.current.handleProps.onKeyDown(keyEvent('ArrowRight')));
      act(() => vi.advanceTimersByTime(45));
    }
    expect(result.current.ratio).toBe(1);
    act(() => result.current.handleProps.onKeyUp(keyEvent('ArrowRight')));
    await flush();
    expect(api.check).toHaveBeenCalledTimes(1);
    const { id, track, nonce } = checkCall(api);
    expect(id).toBe('id-1');
    expect(nonce).toBe('nonce-pow-1');
    expect(track).toHaveLength(11);
    expect(track[0]).toEqual([0, 0, 0]);
    expect(track[2]).toEqual([keyPosition(2, 300), 0, 45]);
    expect(track.at(-1)).toEqual([300, 0, 405]);
    expect(onPass).toHaveBeenCalledWith('ticket-1');
    expect(result.current.status).toBe('passed');
    act(() => vi.advanceTimersByTime(SLIDER_CLOSE_DELAY_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a release before the end resets the handle without asking the server', async () => {
    const api = fakeApi();
    const { result } = renderHook(() => useSliderCaptcha({ open: true, onPass: vi.fn(), onDone: vi.fn(), api }));
    await flush();
    act(() => result.current.handleProps.onKeyDown(keyEvent('ArrowRight')));
    act(() => vi.advanceTimersByTime(100));
    act(() => result.current.handleProps.onKeyDown(keyEvent('ArrowRight')));
    expect(result.current.ratio).toBeCloseTo(keyPosition(2, 300) / 300);
    act(() => result.current.handleProps.onKeyDown(keyEvent('Enter')));
    expect(result.current.ratio).toBe(0);
    expect(result.current.status).toBe('ready');
    expect(api.check).not.toHaveBeenCalled();
    expect(api.create).toHaveBeenCalledTimes(1);
  });

  it('a failed check (code 3) resets and fetches a new challenge, showing the message', async () => {
    const api = fakeApi([new ApiError('code', 'Verification failed.', 3), 'ticket-2']);
    const onPass = vi.fn();
    const { result } = renderHook(() => useSliderCaptcha({ open: true, onPass, onDone: vi.fn(), api }));
    await flush();
    for (let i = 0; i < 10; i++) act(() => result.current.handleProps.onKeyDown(keyEvent('ArrowRight')));
    act(() => result.current.handleProps.onKeyUp(keyEvent('ArrowRight')));
    await flush();
    expect(result.current.failure).toBe('Verification failed.');
    expect(result.current.ratio).toBe(0);
    expect(api.create).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('ready');
    expect(onPass).not.toHaveBeenCalled();
    for (let i = 0; i < 10; i++) {
      act(() => vi.advanceTimersByTime(40));
      act(() => result.current.handleProps.onKeyDown(keyEvent('ArrowRight')));
    }
    act(() => result.current.handleProps.onKeyUp(keyEvent('ArrowRight')));
    await flush();
    expect(checkCall(api, 1)).toMatchObject({ id: 'id-2', nonce: 'nonce-pow-2' });
    expect(onPass).toHaveBeenCalledWith('ticket-2');
  });

  it('pointer: a mouse or touch drag is recorded in server units, whatever the rendered width', async () => {
    const api = fakeApi(['ticket-p']);
    const onPass = vi.fn();
    function Slider() {
      const s = useSliderCaptcha({ open: true, onPass, onDone: vi.fn(), api });
      return (
        <div ref={s.trackRef} data-testid="track">
          <div ref={s.handleRef} data-testid="handle" {...s.handleProps} />
        </div>
      );
    }
    const view = render(<Slider />);
    await flush();
    const track = view.getByTestId('track');
    const handle = view.getByTestId('handle');
    // 200 px of travel: a 248 px track with a 48 px handle.
    track.getBoundingClientRect = () => ({ width: 248 }) as DOMRect;
    handle.getBoundingClientRect = () => ({ width: 48 }) as DOMRect;
    handle.setPointerCapture = vi.fn();
    fireEvent.pointerDown(handle, { clientX: 100, clientY: 40, pointerId: 1, pointerType: 'touch', button: 0 });
    for (const [x, y] of [
      [150, 41],
      [200, 43],
      [250, 38],
      [300, 40],
    ]) {
      act(() => vi.advanceTimersByTime(100));
      fireEvent.pointerMove(handle, { clientX: x, clientY: y, pointerId: 1 });
    }
    act(() => vi.advanceTimersByTime(20));
    fireEvent.pointerUp(handle, { clientX: 300, clientY: 39, pointerId: 1 });
    await flush();
    const { track: sent } = checkCall(api);
    expect(sent).toEqual([
      [0, 0, 0],
      [75, 1.5, 100],
      [150, 4.5, 200],
      [225, -3, 300],
      [300, 0, 400],
      [300, -1.5, 420],
    ]);
    expect(onPass).toHaveBeenCalledWith('ticket-p');
  });

  it('starts the proof of work as soon as a challenge arrives, before any drag', async () => {
    const api = fakeApi();
    renderHook(() => useSliderCaptcha({ open: true, onPass: vi.fn(), onDone: vi.fn(), api }));
    expect(api.solve).not.toHaveBeenCalled();
    await flush();
    expect(api.solve).toHaveBeenCalledTimes(1);
    expect(api.solve).toHaveBeenCalledWith({ challenge: 'pow-1', bits: 16 });
    expect(api.check).not.toHaveBeenCalled();
  });

  it('a drag quicker than the proof of work waits for the nonce, then is judged with it', async () => {
    let found: (nonce: string) => void = () => {};
    const api = fakeApi(['ticket-w'], () => ({ nonce: new Promise<string>((r) => (found = r)), cancel: vi.fn() }));
    const onPass = vi.fn();
    const { result } = renderHook(() => useSliderCaptcha({ open: true, onPass, onDone: vi.fn(), api }));
    await flush();
    for (let i = 0; i < 10; i++) {
      act(() => result.current.handleProps.onKeyDown(keyEvent('ArrowRight')));
      act(() => vi.advanceTimersByTime(50 + (i % 3)));
    }
    act(() => result.current.handleProps.onKeyUp(keyEvent('ArrowRight')));
    await flush();
    expect(result.current.status).toBe('checking');
    expect(api.check).not.toHaveBeenCalled();
    found('77');
    await flush();
    expect(checkCall(api)).toMatchObject({ id: 'id-1', nonce: '77' });
    expect(onPass).toHaveBeenCalledWith('ticket-w');
  });

  it('a new challenge or closing the box stops the running proof of work', async () => {
    const jobs: PowJob[] = [];
    const api = fakeApi([new ApiError('code', 'Verification failed.', 3)], (pow) => {
      const job = { nonce: Promise.resolve(`n-${pow.challenge}`), cancel: vi.fn() };
      jobs.push(job);
      return job;
    });
    const { result, rerender } = renderHook(({ open }) => useSliderCaptcha({ open, onPass: vi.fn(), onDone: vi.fn(), api }), {
      initialProps: { open: true },
    });
    await flush();
    for (let i = 0; i < 10; i++) act(() => result.current.handleProps.onKeyDown(keyEvent('ArrowRight')));
    act(() => result.current.handleProps.onKeyUp(keyEvent('ArrowRight')));
    await flush();
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.cancel).toHaveBeenCalled();
    expect(jobs[1]!.cancel).not.toHaveBeenCalled();
    rerender({ open: false });
    expect(jobs[1]!.cancel).toHaveBeenCalled();
  });

  it('closing forgets the challenge and ignores a late answer', async () => {
    const api = fakeApi();
    const { result, rerender } = renderHook(({ open }) => useSliderCaptcha({ open, onPass: vi.fn(), onDone: vi.fn(), api }), {
      initialProps: { open: true },
    });
    rerender({ open: false });
    await flush();
    expect(result.current.status).toBe('loading');
    rerender({ open: true });
    await flush();
    expect(api.create).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('ready');
  });
});
