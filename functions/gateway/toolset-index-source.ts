// gateway: renders toolsets.generated.json from the catalogue's named toolsets (TOOLSETS): each group's
// name, one-line description and tool names, in catalogue order. The gateway selects tools by these
// groups (toolsets.ts) without importing the catalogue, which imports every operation. Build-time only,
// like tool-index-source.ts; `npm run tool-index` writes both, test/unit/gateway/toolsets.test.ts fails on drift.
import { TOOLSETS } from '#operations/catalogue';

export const TOOLSETS_FILE = new URL('./toolsets.generated.json', import.meta.url);

export interface ToolsetIndexEntry {
  readonly name: string;
  readonly description: string;
  readonly tools: readonly string[];
}

export function renderToolsets(): string {
  const entries: ToolsetIndexEntry[] = TOOLSETS.map((toolset) => ({
    name: toolset.name,
    description: toolset.description,
    tools: toolset.operations.map((operation) => operation.name),
  }));
  return `${JSON.stringify(entries, null, 2)}\n`;
}
