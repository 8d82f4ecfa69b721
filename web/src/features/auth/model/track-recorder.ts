// The slider's drag, recorded the way the server judges it (docs/accounts.md
// "Slider"): [[x, y, ms], ...] with x and y in the server's units (x 0..width,
// y off the line the drag began on) and ms since the drag began, strictly
// growing.

/** TrackPoint is one sample: x and y in server units, t in ms since the drag began. */
export type TrackPoint = [x: number, y: number, t: number];

/** KEY_STEPS is how many arrow presses move the slider from start to end. */
export const KEY_STEPS = 10;

/** END_TOLERANCE is how close to the end (server units) counts as the end, as on the server. */
export const END_TOLERANCE = 2;

const tenth = (v: number) => Math.round(v * 10) / 10;

/** toServerX converts a drag offset in rendered pixels to server units. */
export function toServerX(px: number, travelPx: number, width: number): number {
  if (travelPx <= 0) return 0;
  const clamped = Math.min(Math.max(px, 0), travelPx);
  // The last half pixel is the end: a finger cannot do better than that.
  if (clamped >= travelPx - 0.5) return width;
  return tenth((clamped / travelPx) * width);
}

/**
 * toServerY converts the pointer's vertical offset from where the drag began
 * (rendered pixels) to server units, on the same scale as x, at most a width
 * either way (the server's bound).
 */
export function toServerY(py: number, travelPx: number, width: number): number {
  if (travelPx <= 0) return 0;
  return Math.min(Math.max(tenth((py / travelPx) * width), -width), width) || 0;
}

/**
 * keyPosition is where the k-th arrow press puts the handle: along an eased
 * curve, slow at both ends as a hand moves, so that keyboard steps are not the
 * ruled line at one speed that the server refuses. The server passes a flat
 * track (y always 0) only when every point is one of these positions, one
 * press from the last (internal/account/captcha.go keyboardTrack): change
 * KEY_STEPS or this curve there too.
 */
export function keyPosition(k: number, width: number): number {
  const f = Math.min(Math.max(k, 0), KEY_STEPS) / KEY_STEPS;
  return tenth(width * f * f * (3 - 2 * f));
}

/**
 * TrackRecorder records one drag. begin() starts it at (0, 0); moveTo() and
 * stepKey() add samples; a sample in the same millisecond as the previous one
 * replaces its position, so time always grows.
 */
export class TrackRecorder {
  private points: TrackPoint[] = [];
  private t0 = 0;
  private x = 0;
  private key = 0;

  constructor(readonly width: number) {}

  /** active tells whether a drag is being recorded. */
  get active(): boolean {
    return this.points.length > 0;
  }

  /** position is the current x in server units. */
  get position(): number {
    return this.x;
  }

  /** ratio is the position as a fraction of the width (0..1). */
  get ratio(): number {
    return this.width > 0 ? this.x / this.width : 0;
  }

  /** atEnd tells whether the slider is at the end of the track. */
  get atEnd(): boolean {
    return this.x >= this.width - END_TOLERANCE;
  }

  /** begin starts a drag at (0, 0) at time now (ms). */
  begin(now: number): void {
    this.t0 = now;
    this.x = 0;
    this.key = 0;
    this.points = [[0, 0, 0]];
  }

  /**
   * moveTo records the slider at x (server units, clamped to the track) with
   * the pointer y off the line, at time now. Pointer samples in the same
   * millisecond merge into one; a distinct move (a key press) always adds a
   * sample, a millisecond later if need be.
   */
  moveTo(x: number, y: number, now: number, distinct = false): number {
    if (!this.active) this.begin(now);
    this.x = Math.min(Math.max(x, 0), this.width);
    let t = Math.max(0, Math.round(now - this.t0));
    const last = this.points[this.points.length - 1]!;
    if (t <= last[2]) {
      if (!distinct) {
        last[0] = this.x;
        last[1] = y;
        return this.x;
      }
      t = last[2] + 1;
    }
    this.points.push([this.x, y, t]);
    return this.x;
  }

  /** stepKey moves one arrow press forward (1) or back (-1) along keyPosition: one press, one sample. */
  stepKey(dir: 1 | -1, now: number): number {
    this.key = Math.min(Math.max(this.key + dir, 0), KEY_STEPS);
    return this.moveTo(keyPosition(this.key, this.width), 0, now, true);
  }

  /** track gives a copy of the samples so far. */
  track(): TrackPoint[] {
    return this.points.map(([x, y, t]) => [x, y, t] as TrackPoint);
  }

  /** reset forgets the drag. */
  reset(): void {
    this.points = [];
    this.x = 0;
    this.key = 0;
    this.t0 = 0;
  }
}
