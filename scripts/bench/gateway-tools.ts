// bench (part of `npm run bench`): what the gateway's tools/list costs an agent's context, per toolset
// (docs/gateway.md, Toolsets) — the bytes of the JSON-RPC result as the gateway serialises it, and a
// token estimate at ~4 bytes per token (JSON of English text and schema keywords; a tokenizer would
// differ by a few tenths). Measured for a credential holding every scope, so the figures are the most a
// list can cost. Budget (issue 24): the default list ≤ 60 KB.
import type { Principal } from '#core/keys/api-key';
import { ALL_SCOPES } from '#core/scopes';
import { toolsFor } from '#gateway/tools';
import { DEFAULT_TOOLSETS, TOOLSETS, parseToolSelection } from '#gateway/toolsets';

const BUDGET_BYTES = 60 * 1024;
const admin = { workspaceId: 'ws_bench', keyId: 'key_bench', scopes: [...ALL_SCOPES] } as unknown as Principal;

function measure(selection: string | undefined) {
  const tools = toolsFor(admin, parseToolSelection(selection));
  const bytes = Buffer.byteLength(JSON.stringify({ result: { tools }, jsonrpc: '2.0', id: 1 }));
  return { tools: tools.length, bytes };
}

const row = (label: string, { tools, bytes }: { tools: number; bytes: number }) =>
  console.log(
    `  ${label.padEnd(34)}${String(tools).padStart(4)} tools ${(bytes / 1024).toFixed(1).padStart(7)} KB` +
      `  ≈${Math.round(bytes / 4)
        .toLocaleString('en')
        .padStart(7)} tokens`,
  );

console.log('gateway tools/list size per toolset (every scope; bytes of the JSON-RPC answer, tokens ≈ bytes / 4)');
for (const toolset of TOOLSETS) row(toolset.name, measure(toolset.name));
const byDefault = measure(undefined);
row(`default (${DEFAULT_TOOLSETS.join(',')})`, byDefault);
row('dynamic', measure('dynamic'));
row('all', measure('all'));
console.log(
  `  default ${(byDefault.bytes / 1024).toFixed(1)} KB against a budget of ${BUDGET_BYTES / 1024} KB → ` +
    (byDefault.bytes <= BUDGET_BYTES ? 'met' : 'NOT met'),
);
