// local: injected faults of a stand-in endpoint (throttling and the like, for tests). Faults for one
// action are consumed in order, each `count` times.
export class FaultQueue<F extends { action: string; count?: number }> {
  private readonly faults: F[] = [];

  inject = (fault: F): void => {
    this.faults.push({ count: 1, ...fault });
  };

  /** The fault the next call of `action` must answer with, if any (and one use of it is spent). */
  take = (action: string): F | undefined => {
    const index = this.faults.findIndex((fault) => fault.action === action);
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    const remaining = (fault.count ?? 1) - 1;
    if (remaining > 0) this.faults[index] = { ...fault, count: remaining };
    else this.faults.splice(index, 1);
    return fault;
  };

  clear = (): void => {
    this.faults.splice(0);
  };
}
