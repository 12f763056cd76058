// test support (integration, runs): the canvas the redrive tests fail on purpose, built over HTTP.
import type { Client } from './runs-stack.ts';

/**
 * prompt → double (text: {{input}} × 8) → out, named `name`; its id. A 200 KB prompt makes `double`
 * exceed the 1 MiB port limit (a node failure a redrive can retry); a short one runs through.
 */
export async function createFailsAtDouble(client: Client, name: string): Promise<string> {
  const failing = await client.createCanvas(name);
  await client.addNode(failing, { id: 'prompt', type: 'prompt' });
  await client.addNode(failing, { id: 'double', type: 'text', data: { template: '{{input}}'.repeat(8) } });
  await client.addNode(failing, { id: 'out', type: 'output' });
  await client.addEdge(failing, {
    source: 'prompt',
    sourceHandle: 'prompt-out',
    target: 'double',
    targetHandle: 'text-in',
  });
  await client.addEdge(failing, {
    source: 'double',
    sourceHandle: 'text-out',
    target: 'out',
    targetHandle: 'value-in',
  });
  return failing;
}
