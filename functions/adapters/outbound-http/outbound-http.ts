// adapter: OutboundHttp (functions/core/outbound/http-call.ts) over safeRequest, with this process's
// outbound configuration (the local allow-list and test CAs apply outside Lambda only).
import type { OutboundAnswer, OutboundHttp, OutboundRequest } from '#core/outbound/http-call';
import { HTTP_CALL_LIMITS } from '#core/outbound/http-call';
import { outboundConfig, type OutboundConfig } from './config.ts';
import { safeRequest, type ResolveAll } from './safe-request.ts';

export const OUTBOUND_USER_AGENT = 'workspace-automation-outbound/1';

export class SafeOutboundHttp implements OutboundHttp {
  private config?: Pick<OutboundConfig, 'allowHosts' | 'extraCa'>;

  /** Without options: this process's outbound configuration, read on first use. */
  constructor(
    private readonly options: { allowHosts?: readonly string[]; extraCa?: readonly string[]; lookup?: ResolveAll } = {},
  ) {}

  async send(request: OutboundRequest): Promise<OutboundAnswer> {
    this.config ??= this.options.allowHosts
      ? { allowHosts: this.options.allowHosts, extraCa: this.options.extraCa ?? [] }
      : outboundConfig();
    const config = this.config;
    const answer = await safeRequest({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body,
      timeoutMs: request.timeoutMs,
      maxResponseBytes: HTTP_CALL_LIMITS.maxResponseBytes,
      overflow: 'fail',
      allowHosts: config.allowHosts,
      ca: config.extraCa,
      userAgent: OUTBOUND_USER_AGENT,
      lookup: this.options.lookup,
    });
    if (!answer.ok)
      return {
        ok: false,
        error: answer.error,
        refused: answer.refused === true,
        timedOut: answer.error.startsWith('timeout'),
      };
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { ok: true, status: answer.status, headers, body: answer.body, durationMs: answer.durationMs };
  }
}
