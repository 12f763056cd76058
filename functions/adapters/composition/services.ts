// composition: the handles of the adapters that call other services — the run state machine (Step
// Functions) and outbound HTTP (checked addresses, no redirects) — each built on first use, once per
// process, and replaceable in a test (./root.ts: overrideDeps).
import { SafeOutboundHttp } from '../outbound-http/outbound-http.ts';
import { StepFunctionsWorkflowEngine } from '../sfn/workflow-engine.ts';
import { adapter } from './root.ts';

export const engine = /* @__PURE__ */ adapter('engine', () => new StepFunctionsWorkflowEngine());
export const outboundHttp = /* @__PURE__ */ adapter('outboundHttp', () => new SafeOutboundHttp());
