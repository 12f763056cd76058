// The studio's ToolClient: the MCP SDK's browser client over streamable HTTP to our own gateway, with
// the OAuth access token on every request. Every screen goes through here — there is no second API.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { SignInError } from '../auth/session.ts';
import { toolErrorOf } from './errors.ts';
import { OUTPUT_SCHEMAS } from './contract.generated.ts';
import { ToolError, type ToolClient, type ToolInput, type ToolName, type ToolOutput } from './tools.ts';

export interface TokenSource {
  accessToken(): Promise<string>;
  refresh(): Promise<string>;
}

export const OFFLINE = 'offline';

export class GatewayClient implements ToolClient {
  private connecting: Promise<Client> | undefined;
  private readonly answers = new AnswerValidator();

  constructor(
    private readonly endpoint: URL,
    private readonly tokens: TokenSource,
  ) {}

  async call<N extends ToolName>(name: N, args: ToolInput<N>): Promise<ToolOutput<N>> {
    const client = await this.connect();
    let result: Awaited<ReturnType<Client['callTool']>>;
    try {
      result = await client.callTool({ name, arguments: args as Record<string, unknown> });
    } catch (error) {
      throw toToolError(error, name);
    }
    if (result.isError) throw toolErrorOf(result, name);
    return this.answers.check(name, result.structuredContent);
  }

  async close(): Promise<void> {
    const client = await this.connecting?.catch(() => undefined);
    this.connecting = undefined;
    await client?.close();
  }

  private connect(): Promise<Client> {
    this.connecting ??= (async () => {
      const client = new Client(
        { name: 'studio', version: '1.0.0' },
        // The default (Ajv) compiles validators with new Function, which the CSP forbids.
        { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
      );
      const transport = new StreamableHTTPClientTransport(this.endpoint, {
        fetch: (url, init) => this.authorizedFetch(url, init),
      });
      try {
        await client.connect(transport);
      } catch (error) {
        throw toToolError(error, 'connect');
      }
      return client;
    })().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  /** Adds the bearer token; on 401 refreshes once (the token may have expired meanwhile) and retries. */
  private async authorizedFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    // The gateway is stateless and always answers the optional GET stream with 405 (docs/gateway.md,
    // Transport); answering it here saves a round trip per connection and a red line in the console.
    if ((init.method ?? 'GET').toUpperCase() === 'GET')
      return new Response(null, { status: 405, headers: { allow: 'POST, OPTIONS' } });
    const send = async (token: string) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      return fetch(url, { ...init, headers });
    };
    const first = await send(await this.tokens.accessToken());
    if (first.status !== 401) return first;
    return send(await this.tokens.refresh());
  }
}

/**
 * Checks each answer against its tool's output schema from the generated contract, so a server view the
 * studio does not know is a clear error at the seam rather than `undefined` deep in a screen. The cfworker
 * validator interprets schemas (no `new Function`, which the CSP forbids); one is built per tool, lazily.
 */
export class AnswerValidator {
  private readonly validators = new Map<ToolName, ReturnType<CfWorkerJsonSchemaValidator['getValidator']>>();
  private readonly factory = new CfWorkerJsonSchemaValidator();

  check<N extends ToolName>(name: N, answer: unknown): ToolOutput<N> {
    let validate = this.validators.get(name);
    if (!validate) {
      const schema = OUTPUT_SCHEMAS[name];
      if (!schema) throw new ToolError(`The studio does not know the tool ${name}.`, { code: CONTRACT_MISMATCH });
      validate = this.factory.getValidator(schema as Parameters<CfWorkerJsonSchemaValidator['getValidator']>[0]);
      this.validators.set(name, validate);
    }
    const result = validate(answer);
    if (!result.valid) {
      throw new ToolError(
        `The service answered ${name} in a shape this studio does not know (${result.errorMessage}). Reload the page; if it persists, the studio and the service are from different versions.`,
        { code: CONTRACT_MISMATCH, details: { tool: name, answer } },
      );
    }
    return answer as ToolOutput<N>;
  }
}

/** ToolError.code when an answer does not match the tool's output schema. */
export const CONTRACT_MISMATCH = 'contract-mismatch';

function toToolError(error: unknown, name: string): Error {
  if (error instanceof ToolError || error instanceof SignInError) return error;
  // fetch rejects with a TypeError when the network is gone or the server does not answer.
  if (error instanceof TypeError) {
    return new ToolError('Lost connection to the service. Check that it is running and your network, then try again.', {
      code: OFFLINE,
    });
  }
  if (error instanceof StreamableHTTPError) {
    if (error.code === 401) return new SignInError('Your session ended. Sign in again.');
    if (error.code === 403) {
      return new ToolError(
        'The service refused this page’s origin (403). The app must be opened at the address the service is configured for (PUBLIC_APP_URL).',
        { status: 403 },
      );
    }
    return new ToolError(`The service answered ${error.code ?? 'an error'} to ${name}: ${error.message}`, {
      ...(error.code !== undefined ? { status: error.code } : {}),
    });
  }
  if (error instanceof McpError) return new ToolError(error.message, { status: 500, code: String(error.code) });
  return new ToolError(error instanceof Error ? error.message : String(error));
}
