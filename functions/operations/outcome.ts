// operations: what an operation answers, free of any transport. A plain return value is an ordinary
// answer; `created`, `accepted` and `replayed` say more, and each surface renders that its own way: the
// HTTP route as 201 / 202 / a replay header (functions/http/operation-route.ts), the gateway as the
// tool's structuredContent (functions/gateway/tools.ts).

/** ok: done (200); created: something new exists (201); accepted: work continues after the answer (202). */
export type OutcomeKind = 'ok' | 'created' | 'accepted';

export class Outcome<T = unknown> {
  constructor(
    readonly kind: OutcomeKind,
    readonly value: T,
    /** The answer is an earlier call's, given again for the same idempotency key. */
    readonly replayed = false,
  ) {}
}

/** Something new now exists (a canvas, a key, an upload). */
export const created = <T>(value: T): Outcome<T> => new Outcome('created', value);
/** The work was accepted and continues after the answer (a run, a video job). */
export const accepted = <T>(value: T): Outcome<T> => new Outcome('accepted', value);
/** An earlier call's answer, given again for the same idempotency key; `kind` is what that call was. */
export const replayed = <T>(value: T, kind: OutcomeKind = 'ok'): Outcome<T> => new Outcome(kind, value, true);

/** The value an operation answered, whether or not it said more about it. */
export function answeredValue(answer: unknown): unknown {
  return answer instanceof Outcome ? answer.value : answer;
}
