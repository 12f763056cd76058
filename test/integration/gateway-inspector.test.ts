// The MCP Inspector's CLI (v1, @modelcontextprotocol/inspector 0.x: the one that runs on Node 20)
// against the gateway in local mode, as a developer would point it at a deployment.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '#operations/catalogue';
import { startRunsStack, type RunsStack } from './support/runs-stack.ts';

const run = promisify(execFile);
/** The CLI's own entry (what `npx @modelcontextprotocol/inspector --cli` starts). */
const inspectorCli = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/cli/build/index.js');

let stack: RunsStack;
beforeAll(async () => {
  stack = await startRunsStack();
});
afterAll(async () => stack?.stop());

async function inspector(key: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // Every toolset, chosen in the URL as a user would paste it (docs/gateway.md, Toolsets).
  const url = new URL('/api/mcp?toolsets=all', stack.local.appUrl).href;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [inspectorCli, url, '--transport', 'http', '--header', `Authorization: Bearer ${key}`, ...args],
      {
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('MCP Inspector CLI against the gateway', () => {
  it('lists the tools with their annotations', async () => {
    // Act
    const answer = await inspector(stack.key, '--method', 'tools/list');
    // Assess
    expect(answer.code, answer.stderr).toBe(0);
    const { tools } = JSON.parse(answer.stdout) as { tools: { name: string; annotations: Record<string, unknown> }[] };
    expect(tools.map((tool) => tool.name)).toEqual(OPERATIONS.map((operation) => operation.name));
    expect(tools.find((tool) => tool.name === 'delete_canvas')!.annotations).toMatchObject({
      destructiveHint: true,
      readOnlyHint: false,
    });
  });

  it('calls tools with arguments, including JSON ones, and shows a failed call as an error result', async () => {
    // Act
    const created = await inspector(
      stack.key,
      '--method',
      'tools/call',
      '--tool-name',
      'create_canvas',
      '--tool-arg',
      'name=From the Inspector',
    );
    // Assess
    expect(created.code, created.stderr).toBe(0);
    const canvas = JSON.parse(created.stdout) as { structuredContent: { id: string; name: string } };
    expect(canvas.structuredContent.name).toBe('From the Inspector');
    const canvasId = canvas.structuredContent.id;
    const added = await inspector(
      stack.key,
      '--method',
      'tools/call',
      '--tool-name',
      'add_node',
      '--tool-arg',
      `canvasId=${canvasId}`,
      '--tool-arg',
      'type=prompt',
      '--tool-arg',
      'position={"x":10,"y":20}',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(
      (JSON.parse(added.stdout) as { structuredContent: { position: unknown } }).structuredContent.position,
    ).toEqual({ x: 10, y: 20 });
    const missing = await inspector(
      stack.key,
      '--method',
      'tools/call',
      '--tool-name',
      'get_canvas',
      '--tool-arg',
      'canvasId=cnv_missing',
    );
    const result = JSON.parse(missing.stdout) as { isError: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/not found/);
  });

  it('fails to connect with a bad key', async () => {
    const answer = await inspector('workspace_thisisnotakeythisisnotakey', '--method', 'tools/list');
    expect(answer.code).not.toBe(0);
    expect(`${answer.stdout}${answer.stderr}`).toMatch(/401|Unauthorized|connect/i);
  });
});
