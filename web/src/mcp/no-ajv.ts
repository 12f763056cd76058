// Stands in for the MCP SDK's validation/ajv-provider.js in the studio bundle (scripts/build-web.ts
// aliases it). The client imports Ajv statically even when given another validator; Ajv compiles
// schemas with `new Function`, which the studio's CSP forbids, and adds ~130 KB gzipped.
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error('Ajv is not bundled into the studio: pass jsonSchemaValidator (CfWorkerJsonSchemaValidator)');
  }
}
