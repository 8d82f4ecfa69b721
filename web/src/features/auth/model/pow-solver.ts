// Runs the slider's proof of work without blocking the page: in a Web Worker,
// or, where workers are missing or fail, in short slices on the main thread.
import { PowSearch, powOk, type Pow } from './pow';

/** PowJob is a proof of work under way: its nonce when found, and a way to stop it. */
export interface PowJob {
  /** nonce resolves with the answer; it never settles once the job is cancelled. */
  nonce: Promise<string>;
  cancel: () => void;
}

/** SLICE_MS is how long one main-thread slice may hash before it lets the page run. */
export const SLICE_MS = 8;

/**
 * solvePowSliced searches on the main thread in slices of about SLICE_MS,
 * yielding to the page between them; an aborted search never settles.
 */
export function solvePowSliced(pow: Pow, signal?: AbortSignal, now: () => number = () => performance.now()): Promise<string> {
  const search = new PowSearch(pow);
  return new Promise((resolve) => {
    const slice = () => {
      if (signal?.aborted) return;
      const end = now() + SLICE_MS;
      do {
        const nonce = search.step(2048);
        if (nonce !== null) {
          resolve(nonce);
          return;
        }
      } while (now() < end);
      setTimeout(slice, 0);
    };
    slice();
  });
}

/**
 * startPow begins solving at once, in a worker when it can: the slider calls
 * it as soon as a challenge arrives, so the nonce is ready by the end of the
 * drag.
 */
export function startPow(pow: Pow): PowJob {
  const abort = new AbortController();
  let worker: Worker | null = null;
  const stopWorker = () => {
    worker?.terminate();
    worker = null;
  };
  const nonce = new Promise<string>((resolve) => {
    const fallback = () => {
      stopWorker();
      solvePowSliced(pow, abort.signal).then(resolve);
    };
    if (typeof Worker === 'undefined') {
      fallback();
      return;
    }
    try {
      worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      fallback();
      return;
    }
    worker.onmessage = (e: MessageEvent<unknown>) => {
      stopWorker();
      if (abort.signal.aborted) return;
      if (typeof e.data === 'string' && powOk(pow, e.data)) resolve(e.data);
      else fallback();
    };
    worker.onerror = (e) => {
      e.preventDefault();
      if (!abort.signal.aborted) fallback();
    };
    worker.postMessage(pow);
  });
  return {
    nonce,
    cancel: () => {
      abort.abort();
      stopWorker();
    },
  };
}
