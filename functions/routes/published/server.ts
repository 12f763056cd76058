// route helper: the MCP server of one published canvas, for one request (stateless, like the gateway).
// tools/list: a tool per exposed trigger (functions/core/published/tools.ts) and get_run_result.
// tools/call: runs the canvas as the owning workspace, waits a bounded time, answers the run's result
// (generated media as resource links with a short-lived download URL) or a handle for get_run_result.
// Each call passes the server's limits on its own (callTrigger); a refused call answers isError with the
// reason and `_meta.retryAfterSeconds`, and is reported to the route (`refused`), which turns a request of
// that one call into a 429 with Retry-After.
import { setTimeout as sleep } from 'node:timers/promises';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type ContentBlock,
} from '@modelcontextprotocol/sdk/types.js';
import { assetDetail } from '#core/assets/use-cases';
import { DomainError, NotFoundError, RateLimitedError } from '#core/errors';
import { telemetry } from '#core/telemetry';
import { isMediaValue, type MediaValue } from '#core/generation/media-value';
import { callTrigger, runOfServer, serverPrincipal } from '#core/published/calls';
import type { PublishedServer } from '#core/published/model';
import { GET_RUN_RESULT_TOOL, getRunResultTool, runInputsOf, toolOf } from '#core/published/tools';
import { present } from '#core/runs/blobs';
import { NO_ELICITATION } from '#gateway/no-elicitation';
import { errorResult, internalError, jsonResult, protocolError } from '#gateway/tool-results';
import { isTerminal, type Execution } from '#core/runs/model';
import { deps as assetDeps } from '#operations/assets/asset-fields';
import { runDeps } from '#operations/runs/run-deps';
import { limitDeps, publishDeps } from './deps.ts';

export interface PublishedCall {
  server: PublishedServer;
  waitMs: () => number;
  requestId: string;
  /** Told of each call the server's limits refused (nothing was started for it). */
  refused: (error: RateLimitedError) => void;
}

/** A call the limits refused, told so that an agent knows when to try again (as the gateway tells it). */
function refusedResult(error: RateLimitedError): CallToolResult {
  const result = errorResult(error, `Retry after ${error.retryAfterSeconds} s.`);
  return { ...result, _meta: { ...result._meta, retryAfterSeconds: error.retryAfterSeconds } };
}

/** The canvas a call runs: the pinned one, or the live canvas now. */
async function graphOf(server: PublishedServer) {
  if (server.version === 'pinned' && server.pinned) return server.pinned;
  const canvas = await publishDeps.canvases.get(server.workspaceId, server.canvasId);
  if (!canvas) throw new NotFoundError('The canvas of this server no longer exists');
  return canvas;
}

async function toolsOf(server: PublishedServer) {
  const graph = await graphOf(server);
  const tools = server.tools.flatMap((exposed) => toolOf(graph, exposed) ?? []);
  return [...tools, getRunResultTool(graph)];
}

function mediaIn(value: unknown, found: MediaValue[] = []): MediaValue[] {
  if (isMediaValue(value)) found.push(value);
  else if (Array.isArray(value)) for (const item of value) mediaIn(item, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) mediaIn(item, found);
  return found;
}

/** The run as a tool answers it: structured, a text copy, and a link per generated file. */
async function answerOf(server: PublishedServer, execution: Execution): Promise<CallToolResult> {
  const runId = execution.executionId;
  if (!isTerminal(execution.status)) {
    const structured = { runId, status: execution.status };
    const text = `Run ${runId} is still ${execution.status}. Call ${GET_RUN_RESULT_TOOL} with runId "${runId}" for its result.`;
    return { content: [{ type: 'text', text }], structuredContent: structured };
  }
  if (execution.status !== 'succeeded') {
    const error = execution.error?.message ?? `The run was ${execution.status}`;
    return { isError: true, ...jsonResult({ runId, status: execution.status, error }) };
  }
  const result = (await present(execution.result, runDeps.blobs, execution)) as Record<string, unknown>;
  const answer = jsonResult({ runId, status: execution.status, result });
  // One download URL per generated file, asked for together.
  const links = await Promise.all(
    mediaIn(result).map(async (media): Promise<ContentBlock> => {
      const { downloadUrl } = await assetDetail(serverPrincipal(server), { assetId: media.assetId }, assetDeps);
      return {
        type: 'resource_link',
        uri: downloadUrl,
        name: media.name,
        mimeType: media.contentType,
        description: `Generated ${media.kind} (${media.size} bytes); the link works for a few minutes`,
      };
    }),
  );
  return { ...answer, content: [...answer.content, ...links] };
}

export function createPublishedServer(call: PublishedCall): Server {
  const { server } = call;
  const mcp = new Server(
    { name: server.slug, title: server.name, version: String(server.pinned?.canvasVersion ?? 'latest') },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: server.description,
      jsonSchemaValidator: NO_ELICITATION,
    },
  );

  mcp.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await toolsOf(server)).map(({ name, title, description, inputSchema, outputSchema }) => ({
      name,
      title,
      description,
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: name === GET_RUN_RESULT_TOOL, destructiveHint: false, openWorldHint: true },
    })),
  }));

  mcp.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    const tools = await toolsOf(server);
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool)
      throw protocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names this server's tools.`);
    try {
      if (name === GET_RUN_RESULT_TOOL) {
        const runId = typeof args.runId === 'string' ? args.runId : '';
        return await answerOf(server, await runOfServer(server, runId, runDeps));
      }
      const inputs = runInputsOf(tool, args);
      const execution = await callTrigger(server, tool.triggerNodeId, inputs, call.waitMs(), {
        ...runDeps,
        sleep: (ms) => sleep(ms),
        nowMs: () => Date.now(),
        limits: limitDeps,
      });
      return await answerOf(server, execution);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        call.refused(error);
        return refusedResult(error);
      }
      if (error instanceof DomainError) return errorResult(error);
      telemetry.error('Published tool call failed', {
        serverId: server.id,
        tool: name,
        requestId: call.requestId,
        error: error instanceof Error ? error.message : String(error),
      });
      throw internalError(name, call.requestId);
    }
  });
  return mcp;
}
