import { act, fireEvent, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SLIDER_CLOSE_DELAY_MS, useSliderCaptcha, type SliderCaptchaApi } from './use-slider-captcha';

function fakeApi(results: Array<string | Error> = ['ticket-1']) {
  let n = 0;
  const api: SliderCaptchaApi = {
    create: vi.fn(async () => ({ id: `id-${++n}`, width: 300 })),
    check: vi.fn(async () => {
      const next = results.shift() ?? 'ticket-x';
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  return api;
}

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
    const { id, track } = (api.check as ReturnType<typeof vi.fn>).mock.calls[0]![0];
    expect(id).toBe('id-1');
    expect(track).toHaveLength(11);
    expect(track[0]).toEqual([0, 0]);
    expect(track.at(-1)).toEqual([300, 405]);
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
    expect(result.current.ratio).toBeCloseTo(0.2);
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
    expect((api.check as ReturnType<typeof vi.fn>).mock.calls[1]![0].id).toBe('id-2');
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
    fireEvent.pointerDown(handle, { clientX: 100, pointerId: 1, pointerType: 'touch', button: 0 });
    for (const x of [150, 200, 250, 300]) {
      act(() => vi.advanceTimersByTime(100));
      fireEvent.pointerMove(handle, { clientX: x, pointerId: 1 });
    }
    act(() => vi.advanceTimersByTime(20));
    fireEvent.pointerUp(handle, { clientX: 300, pointerId: 1 });
    await flush();
    const { track: sent } = (api.check as ReturnType<typeof vi.fn>).mock.calls[0]![0];
    expect(sent).toEqual([
      [0, 0],
      [75, 100],
      [150, 200],
      [225, 300],
      [300, 400],
      [300, 420],
    ]);
    expect(onPass).toHaveBeenCalledWith('ticket-p');
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
