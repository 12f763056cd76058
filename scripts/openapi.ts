// script: `npm run openapi` writes docs/openapi.json from the route manifest and the operation catalogue
// (functions/openapi/document.ts). test/unit/openapi fails when the committed file differs.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../functions/openapi/document.ts';
import { serializeOpenApi } from '../functions/openapi/serialize.ts';

const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, serializeOpenApi(buildOpenApiDocument()));
console.log(`Wrote ${target.pathname}`);
