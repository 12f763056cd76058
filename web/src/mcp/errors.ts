// The gateway answers a failed tool call with isError and a sentence that says what to do next
// (docs/gateway.md, "Failures an agent can fix"); it carries no status. These patterns read the status
// back from those sentences so screens can react (403 names the scope, 409 reloads). They follow
// functions/gateway/tools.ts `explain`.
const PATTERNS: readonly [RegExp, number][] = [
  [/^Missing scope: /, 403],
  [/Read the current state again/, 409],
  [/Check the id: /, 404],
  [/Fix (the arguments|them) /, 400],
  [/Retry after \d+ s\./, 429],
  [/Send less in one call/, 413],
  [/^Not enough credits: /, 402],
];

export function statusOfToolError(message: string): number | undefined {
  return PATTERNS.find(([pattern]) => pattern.test(message))?.[1];
}

/** The scope a 403 names ("Missing scope: write:canvas. …"), for the message a person reads. */
export function missingScope(message: string): string | undefined {
  return /^Missing scope: ([^.]+)\./.exec(message)?.[1];
}
