// gateway: one tool of the index the gateway serves (tool-index.generated.ts, rendered from the
// operation catalogue by tool-index-source.ts).
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ScopeRequirement } from '#core/scopes';
import type { Operation } from '#operations/operation';

export interface ToolIndexEntry {
  /** What tools/list shows: name, title, description, JSON Schemas, annotations. */
  readonly tool: Tool;
  /** The scope a caller needs to see and call it (its route's, or the operation's own). */
  readonly scope: ScopeRequirement | null;
  /** The operation's module, imported at the tool's first call. */
  readonly load: () => Promise<{ readonly operation: Operation }>;
}
