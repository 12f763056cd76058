// script: `npm run tool-index` writes the gateway's tool index (functions/gateway/tool-index.generated.json,
// tool-loaders.generated.ts and toolsets.generated.json) and the studio's contract from the operation catalogue.
// test/unit/gateway/tool-index.test.ts and toolsets.test.ts fail when the committed files differ.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  GATEWAY_PAGE_FILE,
  TOOL_INDEX_FILE,
  TOOL_LOADERS_FILE,
  renderToolIndex,
  renderToolLoaders,
  withToolTable,
} from '../functions/gateway/tool-index-source.ts';
import { TOOLSETS_FILE, renderToolsets } from '../functions/gateway/toolset-index-source.ts';
import { TOOLSETS } from '../functions/operations/catalogue.ts';
import { OPERATION_ROUTES_FILE, renderOperationRoutes } from '../functions/route-table/operation-routes.ts';
import { STUDIO_CONTRACT_FILE, renderStudioContract } from './studio-contract.ts';

const toolIndex = renderToolIndex();
writeFileSync(TOOL_INDEX_FILE, toolIndex);
// The studio's typed tool contract (web/src/mcp/contract.generated.ts; test/unit/gateway/studio-contract.test.ts).
writeFileSync(STUDIO_CONTRACT_FILE, renderStudioContract(JSON.parse(toolIndex)));
writeFileSync(TOOL_LOADERS_FILE, await renderToolLoaders());
writeFileSync(TOOLSETS_FILE, renderToolsets());
// The operations' routes (functions/route-table/manifest.ts reads them; test/unit/gateway/tool-index.test.ts).
writeFileSync(OPERATION_ROUTES_FILE, renderOperationRoutes(TOOLSETS));
writeFileSync(GATEWAY_PAGE_FILE, withToolTable(readFileSync(GATEWAY_PAGE_FILE, 'utf8')));
console.log(
  `Wrote ` +
    [TOOL_INDEX_FILE, STUDIO_CONTRACT_FILE, TOOL_LOADERS_FILE, TOOLSETS_FILE, OPERATION_ROUTES_FILE, GATEWAY_PAGE_FILE]
      .map((file) => file.pathname)
      .join(', '),
);
