// test support: a synth holds a test worker's only thread for seconds. Vitest runs one test after another
// without returning to the event loop, so on a loaded machine the runner's progress calls to the worker go
// unanswered past their timeout and fail the run ("Timeout calling onTaskUpdate"). `afterEach(yieldToRunner)`
// lets the worker answer between tests.
export const yieldToRunner = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
