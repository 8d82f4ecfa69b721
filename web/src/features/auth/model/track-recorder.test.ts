import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_STEPS, TrackRecorder, toServerX } from './track-recorder';

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

describe('TrackRecorder (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records a drag as [[x, ms since start], ...] in server units', () => {
    const rec = new TrackRecorder(300);
    rec.begin(Date.now());
    const travel = 240; // rendered px between start and end
    for (const px of [12, 60, 130, 200, 240]) {
      vi.advanceTimersByTime(80);
      rec.moveTo(toServerX(px, travel, 300), Date.now());
    }
    expect(rec.track()).toEqual([
      [0, 0],
      [15, 80],
      [75, 160],
      [162.5, 240],
      [250, 320],
      [300, 400],
    ]);
    expect(rec.atEnd).toBe(true);
    expect(rec.ratio).toBe(1);
  });

  it('keeps time strictly growing: pointer samples in one millisecond merge', () => {
    const rec = new TrackRecorder(300);
    rec.begin(Date.now());
    vi.advanceTimersByTime(16);
    rec.moveTo(10, Date.now());
    rec.moveTo(12, Date.now());
    vi.advanceTimersByTime(16);
    rec.moveTo(20, Date.now());
    expect(rec.track()).toEqual([
      [0, 0],
      [12, 16],
      [20, 32],
    ]);
  });

  it('clamps to the track', () => {
    const rec = new TrackRecorder(300);
    rec.begin(Date.now());
    vi.advanceTimersByTime(10);
    rec.moveTo(-50, Date.now());
    vi.advanceTimersByTime(10);
    rec.moveTo(999, Date.now());
    expect(rec.track()).toEqual([
      [0, 0],
      [0, 10],
      [300, 20],
    ]);
  });

  it('records every key press, even two in one millisecond', () => {
    const rec = new TrackRecorder(300);
    rec.begin(Date.now());
    const times: number[] = [];
    for (let i = 0; i < KEY_STEPS; i++) {
      if (i !== 3) vi.advanceTimersByTime(60);
      rec.stepBy(300 / KEY_STEPS, Date.now());
      times.push(Date.now());
    }
    const track = rec.track();
    expect(track).toHaveLength(KEY_STEPS + 1);
    expect(track.map(([x]) => x)).toEqual([0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300]);
    for (let i = 1; i < track.length; i++) expect(track[i]![1]).toBeGreaterThan(track[i - 1]![1]);
    expect(track.at(-1)![1]).toBeGreaterThanOrEqual(300);
    expect(rec.atEnd).toBe(true);
  });

  it('starts over on reset, and gives copies of its samples', () => {
    const rec = new TrackRecorder(300);
    rec.begin(Date.now());
    vi.advanceTimersByTime(50);
    rec.moveTo(100, Date.now());
    const copy = rec.track();
    copy[1]![0] = 999;
    expect(rec.track()[1]).toEqual([100, 50]);
    rec.reset();
    expect(rec.active).toBe(false);
    expect(rec.track()).toEqual([]);
    expect(rec.position).toBe(0);
  });

  it('a first move without begin starts the drag there', () => {
    const rec = new TrackRecorder(300);
    rec.moveTo(30, 1000);
    expect(rec.track()).toEqual([[30, 0]]);
  });
});
