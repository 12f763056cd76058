// composition: the handle of the code nodes' sandbox (QuickJS in a worker thread), built at the first code
// node a process meets and replaceable in a test (./root.ts: overrideDeps). In a file of its own: the
// sandbox's module does work when it loads (it may be the sandbox's worker), so only the functions that
// run or check code nodes import it, not every user of ./services.ts.
import { QuickJsSandbox } from '../sandbox/quickjs-sandbox.ts';
import { adapter } from './root.ts';

export const codeSandbox = /* @__PURE__ */ adapter('codeSandbox', () => new QuickJsSandbox());
