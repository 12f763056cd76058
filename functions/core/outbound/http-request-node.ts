// core: the http-request node — one call to an HTTPS API from a workflow, through the same outbound
// rules and code as the webhook relay (http-call.ts). URL, header values and body are templates
// ({{input}}, {{inputs.name}}); secrets come from the workspace's connections, never from node data:
// a header value may name one as {{connections.<provider>.<field>}} (named secrets live in the `http`
// connection: {{connections.http.CRM_TOKEN}}). Secrets are allowed in header values only, so they never
// sit in a URL (logged by every proxy on the way) or a body the target might echo into the run.
// A connection's values go only to the origins its manager allowed, checked on the rendered URL before
// the connection is even opened; what the target echoes back is concealed before the run stores it.
import { DomainError, RateLimitedError, UpstreamError } from '../errors.ts';
import { CREDENTIAL_PROVIDERS, type CredentialProvider } from '../integrations/providers.ts';
import { openConnection } from '../integrations/connections.ts';
import { originOf, refusalToSend } from '../integrations/allowed-origins.ts';
import { Redactor } from '../runs/redaction.ts';
import type { ConnectionRepository, CredentialCipher } from '../integrations/ports.ts';
import {
  NodeFailedError,
  renderTemplate,
  templateProblems,
  asText,
  type InstantExecutor,
  type NodeContext,
} from '../runs/executors.ts';
import { HTTP_CALL_LIMITS, callOut, type HttpCallMethod, type OutboundHttp } from './http-call.ts';

const CONNECTION_REFERENCE = /\{\{\s*connections\.([a-z][a-z0-9-]*)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const ANY_CONNECTION_REFERENCE = /\{\{\s*connections\./;

export interface HttpRequestNodeDeps {
  http: OutboundHttp;
  connections: Pick<ConnectionRepository, 'get'>;
  cipher: CredentialCipher;
}

interface HttpRequestData {
  method?: HttpCallMethod;
  url?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  failOnErrorStatus?: boolean;
}

export function httpRequestExecutor(deps: HttpRequestNodeDeps): InstantExecutor {
  return {
    kind: 'instant',
    run: async (context) => {
      const data = context.node.data as HttpRequestData;
      const input = (context.inputs['text-in'] ?? []).map(asText).join('\n');
      const render = (template: string) => {
        for (const problem of templateProblems(template, context.run.inputs)) context.warn?.(problem);
        return renderTemplate(template, input, context.run.inputs);
      };
      if (!data.url) throw new NodeFailedError('The http-request node has no url');
      for (const [field, value] of [
        ['url', data.url],
        ['body', data.body ?? ''],
      ] as const) {
        if (ANY_CONNECTION_REFERENCE.test(value))
          throw new NodeFailedError(
            `Secrets ({{connections.…}}) may be used in header values only, not in the ${field}`,
          );
      }
      const method = data.method ?? (data.body ? 'POST' : 'GET');
      // The origin checked is the one of the URL sent: rendered, and parsed as the outbound adapter parses it.
      const url = render(data.url);
      const headers: Record<string, string> = {};
      const secrets = new SecretsOf(context, deps, originOf(url));
      for (const [name, template] of Object.entries(data.headers ?? {}))
        headers[name] = await secrets.fill(template, render);
      const body =
        data.body === undefined || method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(render(data.body));
      try {
        const answer = await callOut(
          { method, url, headers, body, timeoutMs: data.timeoutMs ?? HTTP_CALL_LIMITS.defaultTimeoutMs },
          deps.http,
        );
        if ((data.failOnErrorStatus ?? true) && answer.status >= 400) {
          throw statusFailure(answer.status, `${method} ${new URL(url).host}${new URL(url).pathname}`);
        }
        if (answer.bodyEncoding === 'base64')
          context.warn?.('The response body is not text; body-out carries it as base64');
        // The engine conceals echoes in text; only this node knows body-out is base64 of bytes.
        const bodyOut =
          answer.bodyEncoding === 'base64'
            ? secrets.redactBytes(Buffer.from(answer.body, 'base64')).toString('base64')
            : answer.body;
        return { 'status-out': answer.status, 'headers-out': answer.headers, 'body-out': bodyOut };
      } catch (error) {
        // The target's own trouble keeps its kind (a retry policy retries upstream failures by default).
        if (error instanceof UpstreamError || error instanceof RateLimitedError) throw error;
        if (error instanceof DomainError && !(error instanceof NodeFailedError))
          throw new NodeFailedError(error.message);
        throw error;
      }
    },
  };
}

/**
 * Opens each referenced connection once per node run, only those referenced and only when `origin` may
 * receive its values; reports every value it opened to the engine (concealed in what the run stores).
 */
class SecretsOf {
  private readonly opened = new Map<string, Promise<Record<string, string>>>();
  private readonly redactor = new Redactor();

  constructor(
    private readonly context: NodeContext,
    private readonly deps: HttpRequestNodeDeps,
    private readonly origin: string | undefined,
  ) {}

  /**
   * Renders a header template in one pass: the text around each {{connections.…}} is rendered, the
   * secret is inserted as is. So a run input that reads like a reference is never filled with a secret,
   * and a secret that reads like a template variable is never rendered (nor named in a warning).
   */
  async fill(template: string, render: (text: string) => string): Promise<string> {
    const renderText = (text: string) => {
      if (ANY_CONNECTION_REFERENCE.test(text))
        throw new NodeFailedError('A {{connections.…}} reference must be {{connections.<provider>.<NAME>}}');
      return render(text);
    };
    let filled = '';
    let from = 0;
    for (const reference of template.matchAll(CONNECTION_REFERENCE)) {
      filled += renderText(template.slice(from, reference.index)) + (await this.secret(reference[1]!, reference[2]!));
      from = reference.index + reference[0].length;
    }
    return filled + renderText(template.slice(from));
  }

  redactBytes(bytes: Buffer): Buffer {
    return this.redactor.bytes(bytes);
  }

  private async secret(provider: string, field: string): Promise<string> {
    if (!(CREDENTIAL_PROVIDERS as readonly string[]).includes(provider)) {
      throw new NodeFailedError(
        `{{connections.${provider}.${field}}}: there is no connection type "${provider}" (one of ${CREDENTIAL_PROVIDERS.join(', ')})`,
      );
    }
    if (!this.opened.has(provider)) this.opened.set(provider, this.open(provider as CredentialProvider));
    const value = (await this.opened.get(provider)!)[field];
    if (value === undefined)
      throw new NodeFailedError(
        `{{connections.${provider}.${field}}}: the workspace's ${provider} connection has no field ${field}`,
      );
    return value;
  }

  private async open(provider: CredentialProvider): Promise<Record<string, string>> {
    const record = await this.deps.connections.get(this.context.run.workspaceId, provider);
    if (record?.status !== 'active' || !record.sealed) {
      throw new NodeFailedError(
        `This workspace has no active ${provider} connection: add it with POST /api/integrations/connections`,
      );
    }
    const refusal = refusalToSend(provider, record.allowedOrigins, this.origin);
    if (refusal) throw new NodeFailedError(refusal);
    const secret = await openConnection(record, this.deps.cipher);
    for (const [field, value] of Object.entries(secret)) {
      this.redactor.add(`connections.${provider}.${field}`, value);
      this.context.conceal?.(`connections.${provider}.${field}`, value);
    }
    return secret;
  }
}

/**
 * The failure an error answer means, by its status, so a node's retry policy (canvas/failure-handling.ts)
 * can tell the target's trouble from the request's: 429 rate-limited, 5xx upstream, any other 4xx the
 * node's own (a retry would be refused again).
 */
function statusFailure(status: number, call: string): DomainError {
  const message = `${call} answered ${status}`;
  if (status === 429) return new RateLimitedError(message, 1);
  if (status >= 500) return new UpstreamError(message);
  return new NodeFailedError(message);
}
