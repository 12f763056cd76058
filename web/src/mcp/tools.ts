/** The studio's view of the gateway: a tool call returns the tool's structuredContent, or throws ToolError. */
export interface ToolClient {
  call<T = unknown>(name: string, args: Record<string, unknown>): Promise<T>;
}

export class ToolError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}
