// route: GET /api/billing/focus-export on the app host — the base host's handler, for the caller's workspace.
import { exportHandler } from './focus-export.ts';

export const handler = exportHandler('billing-focus-export-app');
