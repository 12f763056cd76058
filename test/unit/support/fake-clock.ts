// test support (unit): a Clock whose time only moves when a test moves it.
import type { Clock } from '#core/clock';

export class FakeClock implements Clock {
  private current: number;

  constructor(start: string | Date = '2025-01-15T10:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves time forward by `milliseconds`. */
  advance(milliseconds: number): void {
    this.current += milliseconds;
  }

  set(instant: string | Date): void {
    this.current = new Date(instant).getTime();
  }
}

export const DAY_MS = 86_400_000;
