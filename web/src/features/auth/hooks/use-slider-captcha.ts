import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MutableRefObject,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { ApiError } from '@/lib/api-client';
import { checkCaptcha, type CaptchaCheck } from '../api/check-captcha';
import { createCaptcha } from '../api/create-captcha';
import type { Pow } from '../model/pow';
import { startPow, type PowJob } from '../model/pow-solver';
import { TrackRecorder, toServerX, toServerY } from '../model/track-recorder';
import type { Captcha } from '../model/types';

/** SLIDER_CLOSE_DELAY_MS is how long the pass state shows before the box closes (SPEC.md section 4). */
export const SLIDER_CLOSE_DELAY_MS = 2000;

/** SliderStatus is where one slider check stands. */
export type SliderStatus = 'loading' | 'ready' | 'dragging' | 'checking' | 'passed' | 'error';

/** SliderCaptchaApi are the two calls the slider makes and its proof-of-work solver (replaceable in tests). */
export interface SliderCaptchaApi {
  create: () => Promise<Captcha>;
  check: (check: CaptchaCheck) => Promise<string>;
  solve: (pow: Pow) => PowJob;
}

const defaultApi: SliderCaptchaApi = { create: createCaptcha, check: checkCaptcha, solve: startPow };

/** UseSliderCaptchaOptions connect the slider to its box. */
export interface UseSliderCaptchaOptions {
  /** open: the box is shown; opening fetches a challenge, closing forgets it. */
  open: boolean;
  /** onPass receives the ticket as soon as the server accepts the drag. */
  onPass: (ticket: string) => void;
  /** onDone closes the box, SLIDER_CLOSE_DELAY_MS after a pass. */
  onDone: () => void;
  api?: SliderCaptchaApi;
  now?: () => number;
}

/** SliderCaptcha is the state and handlers that the desktop and mobile sliders render. */
export interface SliderCaptcha {
  status: SliderStatus;
  /** ratio is the handle's position along the track, 0..1. */
  ratio: number;
  /** failure is the message of the last failed check or load (shown until the next drag). */
  failure: string | null;
  trackRef: MutableRefObject<HTMLDivElement | null>;
  handleRef: MutableRefObject<HTMLDivElement | null>;
  handleProps: {
    role: 'slider';
    tabIndex: number;
    'aria-valuemin': number;
    'aria-valuemax': number;
    'aria-valuenow': number;
    'aria-disabled': boolean;
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => void;
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => void;
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => void;
    onPointerCancel: (e: ReactPointerEvent<HTMLElement>) => void;
    onKeyDown: (e: ReactKeyboardEvent<HTMLElement>) => void;
    onKeyUp: (e: ReactKeyboardEvent<HTMLElement>) => void;
    onBlur: () => void;
  };
  /** retry fetches a new challenge after a load error. */
  retry: () => void;
}

/** PointerDrag is where a pointer drag began and how far the handle can travel (rendered px). */
interface PointerDrag {
  startX: number;
  startY: number;
  travel: number;
  pointerId: number | null;
}

/** recordPointer records the pointer's place, x along the track and y off the line, in server units. */
function recordPointer(rec: TrackRecorder, d: PointerDrag, e: { clientX: number; clientY: number }, now: number): void {
  rec.moveTo(toServerX(e.clientX - d.startX, d.travel, rec.width), toServerY(e.clientY - d.startY, d.travel, rec.width), now);
}

/**
 * useSliderCaptcha runs the server-judged slider (docs/accounts.md "Slider"):
 * on open it asks for a challenge and starts its proof of work at once (in a
 * worker), records the drag as [[x, y, ms], ...] in the server's units
 * (pointer: mouse, pen and touch; keyboard: arrow keys in eased steps, each
 * with its time), and on release at the end has the server judge it with the
 * nonce (waiting for it if the drag was quicker). A pass hands the ticket to
 * onPass and closes 2 s later; a failure resets the handle and fetches a new
 * challenge; a release before the end resets it.
 */
export function useSliderCaptcha({ open, onPass, onDone, api = defaultApi, now = Date.now }: UseSliderCaptchaOptions): SliderCaptcha {
  const [status, setStatusState] = useState<SliderStatus>('loading');
  const [ratio, setRatio] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const statusRef = useRef<SliderStatus>('loading');
  const captcha = useRef<Captcha | null>(null);
  const recorder = useRef<TrackRecorder | null>(null);
  const pow = useRef<PowJob | null>(null);
  const drag = useRef<PointerDrag | null>(null);
  const generation = useRef(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const trackRef = useRef<HTMLDivElement | null>(null);
  const handleRef = useRef<HTMLDivElement | null>(null);
  const callbacks = useRef({ onPass, onDone, api, now });
  callbacks.current = { onPass, onDone, api, now };

  const setStatus = useCallback((s: SliderStatus) => {
    statusRef.current = s;
    setStatusState(s);
  }, []);

  const stopPow = useCallback(() => {
    pow.current?.cancel();
    pow.current = null;
  }, []);

  const load = useCallback(() => {
    const gen = ++generation.current;
    captcha.current = null;
    recorder.current = null;
    drag.current = null;
    stopPow();
    setRatio(0);
    setStatus('loading');
    callbacks.current.api.create().then(
      (c) => {
        if (gen !== generation.current) return;
        captcha.current = c;
        recorder.current = new TrackRecorder(c.width);
        // Solving starts now, while the person reads and drags.
        pow.current = callbacks.current.api.solve(c.pow);
        setStatus('ready');
      },
      (err: unknown) => {
        if (gen !== generation.current) return;
        setFailure(err instanceof Error ? err.message : String(err));
        setStatus('error');
      },
    );
  }, [setStatus, stopPow]);

  useEffect(() => {
    if (open) {
      setFailure(null);
      load();
    }
    return () => {
      // Closing forgets the challenge and stops its proof of work; a late answer is ignored.
      generation.current++;
      if (closeTimer.current) clearTimeout(closeTimer.current);
      closeTimer.current = null;
      captcha.current = null;
      recorder.current = null;
      drag.current = null;
      stopPow();
    };
  }, [open, load, stopPow]);

  const judge = useCallback(() => {
    const c = captcha.current;
    const rec = recorder.current;
    const job = pow.current;
    if (!c || !rec || !job) return;
    const gen = generation.current;
    const track = rec.track();
    setStatus('checking');
    const passed = (ticket: string) => {
      if (gen !== generation.current) return;
      setStatus('passed');
      setRatio(1);
      callbacks.current.onPass(ticket);
      closeTimer.current = setTimeout(() => {
        closeTimer.current = null;
        callbacks.current.onDone();
      }, SLIDER_CLOSE_DELAY_MS);
    };
    const failed = (err: unknown) => {
      if (gen !== generation.current) return;
      // The id is spent whatever the outcome: start again with a new one.
      setFailure(err instanceof ApiError || err instanceof Error ? err.message : String(err));
      load();
    };
    // The nonce is usually ready by now; if the drag was quicker, the check waits for it.
    job.nonce.then((nonce) => {
      if (gen === generation.current) callbacks.current.api.check({ id: c.id, track, nonce }).then(passed, failed);
    }, failed);
  }, [load, setStatus]);

  /** release ends a drag: at the end the server judges it, anywhere else the handle goes back. */
  const release = useCallback(() => {
    const rec = recorder.current;
    drag.current = null;
    if (!rec || statusRef.current !== 'dragging') return;
    if (rec.atEnd) {
      judge();
      return;
    }
    rec.reset();
    setRatio(0);
    setStatus('ready');
  }, [judge, setStatus]);

  const begin = useCallback(() => {
    const rec = recorder.current;
    if (!rec) return false;
    rec.begin(callbacks.current.now());
    setFailure(null);
    setStatus('dragging');
    return true;
  }, [setStatus]);

  const onPointerDown = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      if (statusRef.current !== 'ready' || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const track = trackRef.current;
      const handle = handleRef.current;
      if (!track || !handle) return;
      e.preventDefault();
      try {
        handle.setPointerCapture(e.pointerId);
      } catch {
        // A synthetic or already-released pointer: moves still arrive while over the handle.
      }
      const travel = track.getBoundingClientRect().width - handle.getBoundingClientRect().width;
      drag.current = { startX: e.clientX, startY: e.clientY, travel, pointerId: e.pointerId };
      begin();
    },
    [begin],
  );

  const onPointerMove = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    const rec = recorder.current;
    if (!d || !rec || statusRef.current !== 'dragging') return;
    recordPointer(rec, d, e, callbacks.current.now());
    setRatio(rec.ratio);
  }, []);

  const onPointerUp = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      const d = drag.current;
      const rec = recorder.current;
      if (!d || !rec || statusRef.current !== 'dragging') return;
      recordPointer(rec, d, e, callbacks.current.now());
      setRatio(rec.ratio);
      release();
    },
    [release],
  );

  const onPointerCancel = useCallback(() => {
    if (drag.current) {
      // The browser took the gesture (a scroll): start over.
      recorder.current?.reset();
      drag.current = null;
      setRatio(0);
      if (statusRef.current === 'dragging') setStatus('ready');
    }
  }, [setStatus]);

  const onKeyDown = useCallback(
    (e: ReactKeyboardEvent<HTMLElement>) => {
      const rec = recorder.current;
      if (!rec) return;
      const forward = e.key === 'ArrowRight' || e.key === 'ArrowUp';
      const back = e.key === 'ArrowLeft' || e.key === 'ArrowDown';
      if (forward || back) {
        e.preventDefault();
        if (drag.current) return; // a pointer drag is on
        if (statusRef.current === 'ready') {
          if (back || !begin()) return;
        }
        if (statusRef.current !== 'dragging') return;
        rec.stepKey(forward ? 1 : -1, callbacks.current.now());
        setRatio(rec.ratio);
        return;
      }
      if (statusRef.current !== 'dragging' || drag.current) return;
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'Home' || e.key === 'Escape') {
        if (e.key !== 'Escape') e.preventDefault();
        if (e.key === 'Home' || e.key === 'Escape') rec.moveTo(0, 0, callbacks.current.now());
        release();
      }
    },
    [begin, release],
  );

  const onKeyUp = useCallback(
    (e: ReactKeyboardEvent<HTMLElement>) => {
      // Holding the arrow key runs the handle to the end; letting go there submits.
      if ((e.key === 'ArrowRight' || e.key === 'ArrowUp') && !drag.current && recorder.current?.atEnd) release();
    },
    [release],
  );

  const onBlur = useCallback(() => {
    if (!drag.current && statusRef.current === 'dragging') release();
  }, [release]);

  const retry = useCallback(() => {
    setFailure(null);
    load();
  }, [load]);

  return {
    status,
    ratio,
    failure,
    trackRef,
    handleRef,
    handleProps: {
      role: 'slider',
      tabIndex: 0,
      'aria-valuemin': 0,
      'aria-valuemax': 100,
      'aria-valuenow': Math.round(ratio * 100),
      'aria-disabled': !(status === 'ready' || status === 'dragging'),
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel,
      onKeyDown,
      onKeyUp,
      onBlur,
    },
    retry,
  };
}
