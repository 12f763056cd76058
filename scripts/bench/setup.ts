// bench setup through the real routes: the canvases the bench runs and the calls it makes beside the load.
import type { Ready } from './host-client.ts';

/** Names this bench's idempotency keys, so a second bench against the same data starts fresh runs. */
export const runId = Date.now().toString(36);

export async function api(
  baseUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as any;
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A linear canvas: prompt → text × (n − 2) → output, built with one canvas/patch. */
export async function linearCanvas(
  ready: Ready,
  name: string,
  nodes: number,
): Promise<{ canvasId: string; triggerNodeId: string }> {
  const canvas = await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/canvas/create', { name });
  const ids = Array.from({ length: nodes }, (_, i) => (i === 0 ? 'p0' : i === nodes - 1 ? `o${i}` : `t${i}`));
  const operations: unknown[] = ids.map((id, i) => ({
    op: 'node/add',
    id,
    type: i === 0 ? 'prompt' : i === nodes - 1 ? 'output' : 'text',
    position: { x: i * 300, y: 0 },
    ...(i === 0 ? { data: { prompt: 'hello' } } : {}),
  }));
  for (let i = 1; i < nodes; i++) {
    const source = ids[i - 1]!;
    operations.push({
      op: 'edge/add',
      id: `e${i}`,
      source,
      sourceHandle: i === 1 ? 'prompt-out' : 'text-out',
      target: ids[i]!,
      targetHandle: i === nodes - 1 ? 'value-in' : 'text-in',
    });
  }
  await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/canvas/patch', { canvasId: canvas.id, operations });
  return { canvasId: canvas.id, triggerNodeId: 'p0' };
}

/** hook → output, with a registered webhook: the secret of its trigger. */
export async function webhookCanvas(ready: Ready): Promise<string> {
  const canvas = await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/canvas/create', { name: 'bench webhook' });
  await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/canvas/patch', {
    canvasId: canvas.id,
    operations: [
      { op: 'node/add', id: 'hook', type: 'webhook-trigger' },
      { op: 'node/add', id: 'out', type: 'output' },
      { op: 'edge/add', id: 'e1', source: 'hook', sourceHandle: 'body-out', target: 'out', targetHandle: 'value-in' },
    ],
  });
  const registration = await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/webhooks/register', {
    canvasId: canvas.id,
    triggerNodeId: 'hook',
  });
  return registration.webhookSecret as string;
}
