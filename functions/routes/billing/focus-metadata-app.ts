// route: GET /api/billing/focus-metadata on the app host — the base host's handler, for the caller's workspace.
import { metadataHandler } from './focus-metadata.ts';

export const handler = metadataHandler('billing-focus-metadata-app');
