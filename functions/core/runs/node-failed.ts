// core: the error a node reports about its own work. Its own file so that executor families
// (flow-executors.ts) and executors.ts, which includes them, share it without importing each other.
import { DomainError, type ErrorCode } from '../errors.ts';

/** A failure the node reports about its own work; its message is shown on the node and the run. */
export class NodeFailedError extends DomainError {
  static override readonly code: ErrorCode = 'node_failed';
}
