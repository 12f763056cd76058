// http: the request shell stops a handler just before its function's timeout, so the caller gets our answer.
// Lambda ending a function at its timeout answers nothing API Gateway can pass on with our headers (the
// browser sees a bare 502 without CORS) and logs no Fault; a TimeoutError a few milliseconds earlier
// becomes the shell's 500 `{ error, code }` with the route's headers, and the Fault that pages.

/** What is left for the shell to answer in once the handler is stopped. */
export const TIMEOUT_MARGIN_MS = 5;

/** The time left, where the caller says (a Lambda context does; local mode and tests may not). */
export interface Deadline {
  readonly getRemainingTimeInMillis?: () => number;
}

/** `work`'s result, or a TimeoutError TIMEOUT_MARGIN_MS before the deadline; `work` is not awaited past it. */
export async function beforeDeadline<T>(work: Promise<T>, deadline: Deadline): Promise<T> {
  if (typeof deadline.getRemainingTimeInMillis !== 'function') return work;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), deadline.getRemainingTimeInMillis!() - TIMEOUT_MARGIN_MS);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function timeoutError(): Error {
  const error = new Error('The handler did not finish before the function timed out');
  error.name = 'TimeoutError';
  return error;
}
