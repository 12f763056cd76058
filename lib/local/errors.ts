// local: the one error type the local stack raises for problems a developer must fix (a missing
// `java`, a taken port). start.ts prints its message as one line, without a stack trace.

/** A start-up problem with a one-line, actionable message. */
export class LocalStackError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LocalStackError';
  }
}
