// gateway: the JSON Schema validator of a stateless MCP Server (the gateway's and a published server's).
// The SDK validates elicitation answers only, and a stateless server never elicits (no client
// capabilities reach it). Without this, every Server builds its own Ajv: a third of the per-request cost,
// and Lambda bundles alias Ajv away (no-ajv.ts).
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

export const NO_ELICITATION: jsonSchemaValidator = {
  getValidator() {
    throw new Error('A stateless MCP server does not elicit input');
  },
};
