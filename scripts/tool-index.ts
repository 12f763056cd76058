// script: `npm run tool-index` writes the gateway's tool index (functions/gateway/tool-index.generated.json
// and tool-loaders.generated.ts) from the operation catalogue. test/unit/gateway/tool-index.test.ts fails
// when the committed files differ.
import { writeFileSync } from 'node:fs';
import {
  TOOL_INDEX_FILE,
  TOOL_LOADERS_FILE,
  renderToolIndex,
  renderToolLoaders,
} from '../functions/gateway/tool-index-source.ts';

writeFileSync(TOOL_INDEX_FILE, renderToolIndex());
writeFileSync(TOOL_LOADERS_FILE, await renderToolLoaders());
console.log(`Wrote ${TOOL_INDEX_FILE.pathname} and ${TOOL_LOADERS_FILE.pathname}`);
