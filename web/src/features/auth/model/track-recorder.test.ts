import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_STEPS, TrackRecorder, keyPosition, toServerX, toServerY } from './track-recorder';

describe('toServerX', () => {
  it('scales the rendered drag to the server width', () => {
    expect(toServerX(0, 200, 300)).toBe(0);
    expect(toServerX(100, 200, 300)).toBe(150);
    expect(toServerX(33, 200, 300)).toBe(49.5);
    expect(toServerX(-40, 200, 300)).toBe(0);
    expect(toServerX(500, 200, 300)).toBe(300);
  });
  it('counts the last half pixel as the end', () => {
    expect(toServerX(199.6, 200, 300)).toBe(300);
    expect(toServerX(199, 200, 300)).toBe(298.5);
  });
  it('is 0 on a track with no room', () => {
    expect(toServerX(10, 0, 300)).toBe(0);
  });
});

describe('toServerY', () => {
  it('scales the pointer wobble like x, either way, within a width', () => {
    expect(toServerY(0, 200, 300)).toBe(0);
    expect(toServerY(3, 200, 300)).toBe(4.5);
    expect(toServerY(-1, 200, 300)).toBe(-1.5);
    expect(toServerY(-900, 200, 300)).toBe(-300);
    expect(toServerY(5, 0, 300)).toBe(0);
  });
});

describe('keyPosition', () => {
  it('eases from 0 to the width: slow at the ends, never equal steps all along', () => {
    const xs = Array.from({ length: KEY_STEPS + 1 }, (_, k) => keyPosition(k, 300));
    expect(xs).toEqual([0, 8.4, 31.2, 64.8, 105.6, 150, 194.4, 235.2, 268.8, 291.6, 300]);
    expect(keyPosition(-1, 300)).toBe(0);
    expect(keyPosition(KEY_STEPS + 3, 300)).toBe(300);
  });
});

/** recordMoves starts a 300-unit track now and, for each [ms, x, y], waits ms and moves to (x, y). */
function recordMoves(moves: ReadonlyArray<readonly [ms: number, x: number, y: number]>): TrackRecorder {
  const rec = new TrackRecorder(300);
  rec.begin(Date.now());
  for (const [ms, x, y] of moves) {
    vi.advanceTimersByTime(ms);
    rec.moveTo(x, y, Date.now());
  }
  return rec;
}

describe('TrackRecorder (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records a drag as [[x, y, ms since start], ...] in server units', () => {
    const rec = new TrackRecorder(300);
    rec.begin(Date.now());
    const travel = 240; // rendered px between start and end
    for (const [px, py] of [
      [12, 0],
      [60, 1],
      [130, 2],
      [200, -1],
      [240, 0],
    ] as const) {
      vi.advanceTimersByTime(80);
      rec.moveTo(toServerX(px, travel, 300), toServerY(py, travel, 300), Date.now());
    }
    expect(rec.track()).toEqual([
      [0, 0, 0],
      [15, 0, 80],
      [75, 1.3, 160],
      [162.5, 2.5, 240],
      [250, -1.2, 320],
      [300, 0, 400],
    ]);
    expect(rec.atEnd).toBe(true);
    expect(rec.ratio).toBe(1);
  });

  it('keeps time strictly growing: pointer samples in one millisecond merge', () => {
    const rec = recordMoves([
      [16, 10, 0],
      [0, 12, 1],
      [16, 20, 1],
    ]);
    expect(rec.track()).toEqual([
      [0, 0, 0],
      [12, 1, 16],
      [20, 1, 32],
    ]);
  });

  it('clamps to the track', () => {
    const rec = recordMoves([
      [10, -50, 0],
      [10, 999, 0],
    ]);
    expect(rec.track()).toEqual([
      [0, 0, 0],
      [0, 0, 10],
      [300, 0, 20],
    ]);
  });

  it('records every key press along the eased steps, even two in one millisecond', () => {
    const rec = new TrackRecorder(300);
    rec.begin(Date.now());
    for (let i = 0; i < KEY_STEPS; i++) {
      if (i !== 3) vi.advanceTimersByTime(60);
      rec.stepKey(1, Date.now());
    }
    const track = rec.track();
    expect(track).toHaveLength(KEY_STEPS + 1);
    expect(track.map(([x]) => x)).toEqual(Array.from({ length: KEY_STEPS + 1 }, (_, k) => keyPosition(k, 300)));
    expect(track.every(([, y]) => y === 0)).toBe(true);
    for (let i = 1; i < track.length; i++) expect(track[i]![2]).toBeGreaterThan(track[i - 1]![2]);
    expect(track.at(-1)![2]).toBeGreaterThanOrEqual(300);
    expect(rec.atEnd).toBe(true);
    // Back one press and forward again; never past either end.
    rec.stepKey(-1, Date.now());
    expect(rec.position).toBe(keyPosition(KEY_STEPS - 1, 300));
    rec.stepKey(1, Date.now());
    rec.stepKey(1, Date.now());
    expect(rec.position).toBe(300);
  });

  it('starts over on reset, and gives copies of its samples', () => {
    const rec = new TrackRecorder(300);
    rec.begin(Date.now());
    vi.advanceTimersByTime(50);
    rec.moveTo(100, 2, Date.now());
    const copy = rec.track();
    copy[1]![0] = 999;
    expect(rec.track()[1]).toEqual([100, 2, 50]);
    rec.reset();
    expect(rec.active).toBe(false);
    expect(rec.track()).toEqual([]);
    expect(rec.position).toBe(0);
  });

  it('a first move without begin starts the drag there', () => {
    const rec = new TrackRecorder(300);
    rec.moveTo(30, 0, 1000);
    expect(rec.track()).toEqual([[30, 0, 0]]);
  });
});
