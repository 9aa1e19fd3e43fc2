/**
 * Simulated time: T0 plus real elapsed time times `speed`, plus whatever was added with advance().
 * Speed 0 freezes the clock so a test decides exactly when changes happen.
 */
export class SimulatorClock {
  private baseSimulated: number;
  private baseReal: number;
  private currentSpeed: number;

  constructor(
    readonly startTime: number,
    speed: number,
    private readonly realNow: () => number = Date.now,
  ) {
    if (!(speed >= 0)) throw new RangeError('speed must be ≥ 0');
    this.baseSimulated = startTime;
    this.baseReal = realNow();
    this.currentSpeed = speed;
  }

  now(): number {
    return Math.floor(this.baseSimulated + (this.realNow() - this.baseReal) * this.currentSpeed);
  }

  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError('The simulator clock only moves forward');
    this.baseSimulated += ms;
    return this.now();
  }

  get speed(): number {
    return this.currentSpeed;
  }

  set speed(speed: number) {
    if (!(speed >= 0)) throw new RangeError('speed must be ≥ 0');
    // Re-base so that changing speed never makes time jump.
    this.baseSimulated = this.now();
    this.baseReal = this.realNow();
    this.currentSpeed = speed;
  }
}
