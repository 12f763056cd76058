// route: GET /, GET /health, GET /openapi.json on the app host (see handler.ts).
import { metaHandler } from './handler.ts';

export const handler = metaHandler('app');
