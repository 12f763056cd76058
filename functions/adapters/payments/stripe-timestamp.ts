// adapter: the future half of a Stripe-Signature's timestamp check, beside the `stripe` package's own
// verification. The package refuses a `t=` older than the tolerance but accepts any `t=` ahead of the
// clock (and a `t=` that is not a number, whose age is NaN), so a delivery signed with a far-future
// timestamp would stay valid until that day comes. Both Stripe-signed entry points (the payment webhooks
// and the trigger's verify=stripe URL) refuse such a header as well as calling the package.

/**
 * Every `t=` of a Stripe-Signature header, read as the package reads the one it signs against (items
 * split at commas, `parseInt` of what follows `t=`), and also with spaces around the key, which the package ignores.
 */
function timestampsOf(header: string): number[] {
  return header
    .split(',')
    .map((item) => item.split('='))
    .filter(([key]) => key?.trim() === 't')
    .map(([, value]) => Number.parseInt(value ?? '', 10));
}

/**
 * Undefined when every `t=` of `header` is a number at most `toleranceSeconds` ahead of `nowMs`, else
 * why not. Any one too far ahead refuses the header: which one the package signed against is its business.
 */
export function stripeTimestampTooNew(header: string, toleranceSeconds: number, nowMs: number): string | undefined {
  const limit = Math.floor(nowMs / 1000) + toleranceSeconds;
  const timestamps = timestampsOf(header);
  if (timestamps.some((timestamp) => Number.isNaN(timestamp))) return 'Timestamp is not a number';
  return timestamps.some((timestamp) => timestamp > limit)
    ? `Timestamp is more than ${toleranceSeconds} s in the future`
    : undefined;
}
