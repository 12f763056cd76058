// support: a large canvas made through the API, as a person's biggest canvases are — a grid of text nodes,
// `columns` to a row, each row a chain. Used by the studio bench (scripts/bench/studio.ts) and the studio's
// scale test (test/e2e/studio-scale.test.ts).
export const GRID_COLUMNS = 40;
/** patch_canvas takes at most this many operations per call. */
const PATCH_LIMIT = 500;

/** The patch operations of a grid of `nodes` text nodes: n nodes, n − rows edges. */
export function gridOperations(nodes: number, columns = GRID_COLUMNS): unknown[] {
  const operations: unknown[] = [];
  for (let i = 0; i < nodes; i++) {
    operations.push({
      op: 'node/add',
      id: `n${i}`,
      type: 'text',
      position: { x: (i % columns) * 320, y: Math.floor(i / columns) * 200 },
    });
  }
  for (let i = 1; i < nodes; i++) {
    if (i % columns === 0) continue;
    operations.push({
      op: 'edge/add',
      id: `e${i}`,
      source: `n${i - 1}`,
      sourceHandle: 'text-out',
      target: `n${i}`,
      targetHandle: 'text-in',
    });
  }
  return operations;
}

async function post(baseUrl: string, apiKey: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as any;
  if (!response.ok) throw new Error(`POST ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Creates a canvas named `name` holding a grid of `nodes` text nodes; answers its id and name. */
export async function gridCanvas(
  baseUrl: string,
  apiKey: string,
  nodes: number,
  name = `bench grid ${nodes}`,
): Promise<{ id: string; name: string }> {
  const canvas = await post(baseUrl, apiKey, '/api/mcp/canvas/create', { name });
  const operations = gridOperations(nodes);
  for (let start = 0; start < operations.length; start += PATCH_LIMIT) {
    await post(baseUrl, apiKey, '/api/mcp/canvas/patch', {
      canvasId: canvas.id,
      operations: operations.slice(start, start + PATCH_LIMIT),
    });
  }
  return { id: canvas.id, name };
}
