// What a person reads when something fails. A tool's failure (mcp/errors.ts words it by its code) and an
// ended session (auth/session.ts) arrive worded as their message; anything else thrown is shown as it came.
// Imports nothing: ui/ is the studio's leaf (test/unit/architecture/import-graph.test.ts).
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
