// route: GET /api/billing/focus-export?from&to&format (base host; the app host serves the same handler)
//   → exportFocus → LedgerReader (DynamoDB) · ExportStore (S3, for files too large for a response)
import { systemClock } from '#core/clock';
import { recordAccess } from '#core/audit/use-cases';
import { exportFocus } from '#core/focus/export';
import { parseRange } from '#core/focus/range';
import { jsonResponse } from '#http/responses';
import { attachment } from '#adapters/s3/export-store';
import { auditLog } from '#adapters/dynamodb/audit-repository';
import { billingRoute } from './billing-route.ts';
import { focusDeps } from './deps.ts';

const auditDeps = { auditLog, clock: systemClock };
const FILE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** One handler, two manifest routes: the entry's route id is picked by the host it is mounted on. */
export const exportHandler = (routeId: string) =>
  billingRoute(routeId, async (principal, query) => {
    const range = parseRange(query);
    const format = query.format ?? 'jsonl';
    const result = await exportFocus(principal, { range, format }, focusDeps);
    // Recorded before the file or its link is handed over: no export leaves unrecorded (docs/audit.md).
    const period = `${range.from.toISOString()}/${range.to.toISOString()}`;
    await recordAccess(principal, 'usage.export', { id: period, name: `FOCUS ${format}` }, auditDeps);
    if (result.kind === 'inline') {
      return {
        statusCode: 200,
        headers: {
          ...FILE_HEADERS,
          'content-type': result.file.contentType,
          'content-disposition': attachment(result.file),
        },
        body: result.body,
      };
    }
    // Too large for a Lambda response: 303 to a short-lived link answering with the same name and type.
    return jsonResponse(
      303,
      { url: result.url, expiresInSeconds: result.expiresInSeconds, fileName: result.file.fileName },
      { location: result.url },
    );
  });

export const handler = exportHandler('billing-focus-export');
