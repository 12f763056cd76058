// route: POST /api/webhook-relay → relay (session or service token; workspace keys refused) → OutboundHttp
// Not an operation: no workspace key reaches it, so it is no MCP tool (the gateway speaks for keys and
// OAuth clients). Who may call it: functions/http/auth/session-or-service.ts.
import { systemClock } from '#core/clock';
import { RelayRequest, relay } from '#core/outbound/relay';
import { rateLimiter } from '#adapters/composition/stores';
import { outboundHttp } from '#adapters/composition/services';
import { sessionOrService } from '#http/auth/session-or-service';
import { defineHandler } from '#http/handler';

const deps = { http: outboundHttp, rateLimiter, clock: systemClock };

export const handler = defineHandler(
  { route: 'webhook-relay', auth: sessionOrService, body: RelayRequest },
  ({ caller, body }) => relay(caller, body, deps),
);
