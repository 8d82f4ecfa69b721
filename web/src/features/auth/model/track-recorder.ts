// The slider's drag, recorded the way the server judges it (docs/accounts.md
// "Slider"): [[x, ms], ...] with x in the server's units (0..width) and ms
// since the drag began, strictly growing.

/** TrackPoint is one sample: x in server units, t in ms since the drag began. */
export type TrackPoint = [x: number, t: number];

/** KEY_STEPS is how many arrow presses move the slider from start to end. */
export const KEY_STEPS = 10;

/** END_TOLERANCE is how close to the end (server units) counts as the end, as on the server. */
export const END_TOLERANCE = 2;

/** toServerX converts a drag offset in rendered pixels to server units. */
export function toServerX(px: number, travelPx: number, width: number): number {
  if (travelPx <= 0) return 0;
  const clamped = Math.min(Math.max(px, 0), travelPx);
  // The last half pixel is the end: a finger cannot do better than that.
  if (clamped >= travelPx - 0.5) return width;
  return Math.round((clamped / travelPx) * width * 10) / 10;
}

/**
 * TrackRecorder records one drag. begin() starts it at x 0; moveTo() and
 * stepBy() add samples; a sample in the same millisecond as the previous one
 * replaces its position, so time always grows.
 */
export class TrackRecorder {
  private points: TrackPoint[] = [];
  private t0 = 0;
  private x = 0;

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

  /** begin starts a drag at x 0 at time now (ms). */
  begin(now: number): void {
    this.t0 = now;
    this.x = 0;
    this.points = [[0, 0]];
  }

  /**
   * moveTo records the slider at x (server units, clamped to the track) at
   * time now. Pointer samples in the same millisecond merge into one; a
   * distinct move (a key press) always adds a sample, a millisecond later if
   * need be.
   */
  moveTo(x: number, now: number, distinct = false): number {
    if (!this.active) this.begin(now);
    this.x = Math.min(Math.max(x, 0), this.width);
    let t = Math.max(0, Math.round(now - this.t0));
    const last = this.points[this.points.length - 1]!;
    if (t <= last[1]) {
      if (!distinct) {
        last[0] = this.x;
        return this.x;
      }
      t = last[1] + 1;
    }
    this.points.push([this.x, t]);
    return this.x;
  }

  /** stepBy moves by dx server units: one key press, one sample. */
  stepBy(dx: number, now: number): number {
    return this.moveTo(this.x + dx, now, true);
  }

  /** track gives a copy of the samples so far. */
  track(): TrackPoint[] {
    return this.points.map(([x, t]) => [x, t] as TrackPoint);
  }

  /** reset forgets the drag. */
  reset(): void {
    this.points = [];
    this.x = 0;
    this.t0 = 0;
  }
}
