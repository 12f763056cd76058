// gateway (bundles only): stands in for `ajv` and `ajv-formats` in Lambda bundles (lib/constructs/bundling.ts).
// The MCP SDK imports Ajv statically for one purpose, validating elicitation answers, and the stateless
// gateway never elicits (no-elicitation.ts gives each Server a validator that refuses). No
// other function uses Ajv. This keeps ~130 KB of validator compiler out of the gateway's cold start.
const NOT_BUNDLED = 'Ajv is not bundled into Lambda functions (see lib/constructs/bundling.ts LAMBDA_ALIASES)';

export default class Ajv {
  constructor() {
    throw new Error(NOT_BUNDLED);
  }
}

/** `ajv-formats`' default export: adds formats to an Ajv instance, which cannot exist here. */
export function addFormats(): never {
  throw new Error(NOT_BUNDLED);
}
