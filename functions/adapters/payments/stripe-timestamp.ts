// adapter: the future half of a Stripe-Signature's timestamp check. The `stripe` package refuses a
// `t=` older than the tolerance but accepts any `t=` ahead of the clock, so a delivery signed with a
// far-future timestamp would stay replayable until that day comes. Both Stripe-signed entry points
// (the payment webhooks and the trigger's verify=stripe URL) apply this after the package's check.

/** Every `t=` of a Stripe-Signature header, in seconds (the package itself uses the last one). */
function timestampsOf(header: string): number[] {
  return header
    .split(',')
    .map((part) => /^\s*t=(\d+)\s*$/.exec(part)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number);
}

/**
 * Undefined when no `t=` of `header` is more than `toleranceSeconds` ahead of `nowMs`, else why not.
 * Any one too far ahead refuses the header: which one the package signed against is its business.
 */
export function stripeTimestampTooNew(header: string, toleranceSeconds: number, nowMs: number): string | undefined {
  const limit = Math.floor(nowMs / 1000) + toleranceSeconds;
  return timestampsOf(header).some((timestamp) => timestamp > limit)
    ? `Timestamp is more than ${toleranceSeconds} s in the future`
    : undefined;
}
