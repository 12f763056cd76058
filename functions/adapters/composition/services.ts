// composition: the handles of the adapters that call other services — the run state machine (Step
// Functions) and outbound HTTP (checked addresses, no redirects) — and of the code nodes' sandbox, each
// built on first use, once per process, and replaceable in a test (./root.ts: overrideDeps).
import { SafeOutboundHttp } from '../outbound-http/outbound-http.ts';
import { QuickJsSandbox } from '../sandbox/quickjs-sandbox.ts';
import { StepFunctionsWorkflowEngine } from '../sfn/workflow-engine.ts';
import { adapter } from './root.ts';

export const engine = /* @__PURE__ */ adapter('engine', () => new StepFunctionsWorkflowEngine());
export const outboundHttp = /* @__PURE__ */ adapter('outboundHttp', () => new SafeOutboundHttp());
/** One QuickJS module per process, loaded at the first code node (quickjs-sandbox.ts). */
export const codeSandbox = /* @__PURE__ */ adapter('codeSandbox', () => new QuickJsSandbox());
