// operations: the one definition of a tool-backing operation, free of any transport. Its HTTP route
// (functions/http/operation-route.ts, from its `http` facts), its MCP tool (functions/gateway/tools.ts), its
// OpenAPI path and its row in docs/gateway.md are all built from it: adding an operation is adding its file
// under functions/operations/<toolset>/ and one entry in catalogue.ts.
import type * as z from '#core/schema';
import type { Principal } from '#core/keys/api-key';
import type { ScopeRequirement } from '#core/scopes';
import type { AuditAction } from '#core/audit/model';
import type { OperationRouteFacts } from './route-facts.ts';

/** The four MCP tool annotation hints, always all four (clients assume the unsafe default otherwise). */
export interface OperationAnnotations {
  /** Changes nothing. */
  readonly readOnlyHint: boolean;
  /** May delete or overwrite what the caller cannot get back (meaningful when not read-only). */
  readonly destructiveHint: boolean;
  /** Calling it twice with the same arguments has no further effect. */
  readonly idempotentHint: boolean;
  /** Reaches outside this workspace (the public internet, a provider). */
  readonly openWorldHint: boolean;
}

/** What an operation may know of the call it serves, whichever surface it came through. */
export interface OperationContext {
  readonly principal: Principal;
  /** `http`: the operation's own route; `mcp`: a tool call through the gateway. */
  readonly surface: 'http' | 'mcp';
  /** Milliseconds left before the caller's deadline (the function's, less nothing). */
  remainingMs(): number;
  /** A request header of the HTTP surface (e.g. Idempotency-Key); always undefined through the gateway. */
  header(name: string): string | undefined;
  /** Origin of the base host, for URLs handed to other systems (webhook URLs). */
  publicBaseUrl(): string;
}

export interface Operation<I = any> {
  /** MCP tool name: snake_case `verb_noun`. */
  readonly name: string;
  /** Human title (tool `title` and annotations `title`). */
  readonly title: string;
  /** What it does and when to use it, written for an agent choosing between tools. */
  readonly description: string;
  /**
   * The id of its HTTP route (also its Lambda's construct id; the route itself is `http`), or `null`
   * for a tool with no route of its own, which then names its `scope` and `withoutRoute` reason.
   */
  readonly route: string | null;
  readonly scope?: ScopeRequirement | null;
  readonly withoutRoute?: string;
  /** Input: the JSON body of a POST route, the query string of a GET route, a tool's arguments. */
  readonly input: z.ZodMiniType<I, any>;
  /** Output: what a 2xx body and a tool's `structuredContent` hold (always an object). */
  readonly output: z.ZodMiniType;
  readonly annotations: OperationAnnotations;
  /**
   * Calls the use case and answers what `output` describes (the SDK client and the catalogue tests check
   * every answer against it; TypeScript cannot, since domain interfaces are not index-signature objects).
   * Return an `Outcome` (./outcome.ts: `created`, `accepted`, `replayed`) to say more than "done".
   */
  run(input: I, context: OperationContext): Promise<unknown>;
  /**
   * One example call: its input and the answer it gets. The OpenAPI document shows it (and checks it
   * against the schemas); the fuzz tests start from it. Shared sample values: ./example-values.ts.
   */
  readonly example?: OperationExample;
  /** Its route (with `route` as the id): the route table, CDK and the local front are built from it. */
  readonly http?: OperationRouteFacts;
  /**
   * What it records in the audit log (docs/audit.md): the action, whose entry joins the change's own
   * write (./run-operation.ts), or `{ none }` with the reason it records nothing. Every operation that
   * is not read-only says one or the other (test/unit/operations/audit-declarations.test.ts).
   */
  readonly audit?: AuditAction | { readonly none: string };
}

export interface OperationExample {
  /** Query parameters of a GET route, the JSON body otherwise (a tool's arguments). */
  readonly input: Record<string, unknown>;
  /** Success status of this answer over HTTP (its Outcome: 201 created, 202 accepted). */
  readonly status: 200 | 201 | 202;
  readonly output: Record<string, unknown>;
  /** A second success answer of the same operation, with its own status (e.g. a sync run's 200). */
  readonly also?: {
    readonly status: 200 | 201 | 202;
    readonly description: string;
    readonly output: Record<string, unknown>;
  };
}

/** Identity, typed: lets each definition infer its input type from its schema. */
export function defineOperation<I>(operation: Operation<I>): Operation<I> {
  return operation;
}

/** Annotation presets for the common kinds of operation. */
export const READ_ONLY: OperationAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
/** Creates something new on every call. */
export const CREATES: OperationAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
/** Sets state to a given value: repeating it changes nothing more. */
export const UPDATES: OperationAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
/** Overwrites or removes what cannot be got back. */
export const DESTROYS: OperationAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};

/** What an operation factory's spec names and hands on unchanged: the tool, its route and its example. */
export type OperationNaming = Pick<Operation, 'name' | 'title' | 'description' | 'route' | 'http' | 'example'>;

/** The naming part of a factory's spec, without the spec's own fields (its use case, its edit). */
export function namingOf(spec: OperationNaming): OperationNaming {
  const { name, title, description, route, http, example } = spec;
  return { name, title, description, route, http, example };
}
