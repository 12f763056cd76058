// The module an operation's bundle aliases to its operation file (functions/http/operation-entry.ts).
declare module 'operation-module' {
  export const operation: import('#operations/operation').Operation;
}
