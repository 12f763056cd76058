// route: GET /api/billing/focus-metadata?from&to (base host; the app host serves the same handler)
//   → focusMetadataFor (no ledger read: the metadata follows from the range, the clock and the schema)
import { focusMetadataFor } from '#core/focus/export';
import { parseRange } from '#core/focus/range';
import { jsonResponse } from '#http/responses';
import { billingRoute } from './billing-route.ts';
import { focusDeps } from './deps.ts';

export const metadataHandler = (routeId: string) =>
  billingRoute(routeId, async (principal, query) =>
    jsonResponse(200, await focusMetadataFor(principal, parseRange(query), focusDeps)),
  );

export const handler = metadataHandler('billing-focus-metadata');
