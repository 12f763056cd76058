// route: GET /, GET /health, GET /openapi.json on the base host (see handler.ts).
import { metaHandler } from './handler.ts';

export const handler = metaHandler('base');
