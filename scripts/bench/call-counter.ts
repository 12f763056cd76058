// bench: counts AWS SDK calls by operation with a middleware on the clients the handlers really use.
// One count per logical call (the `initialize` step runs once per send, before any retry), keyed
// `<scope> <service>:<operation>`, e.g. `request dynamodb:GetItem`, `engine dynamodb:PutItem`.
import type { Client } from '@smithy/types';

export type Counts = Record<string, number>;

export interface CallCounterOptions {
  /** Where a call comes from (e.g. `engine` inside a Step Functions task, else `request`). */
  readonly scope?: () => string;
  /** Sees each call's operation name and input (document-client form, before marshalling). */
  readonly observe?: (operation: string, input: unknown) => void;
}

export class CallCounter {
  private counts: Counts = {};

  constructor(private readonly options: CallCounterOptions = {}) {}

  /** Adds the counting middleware to `client` under `service` (e.g. `dynamodb`, `sfn`). */
  attach(service: string, client: { middlewareStack: Client<any, any, any>['middlewareStack'] }): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const operation = String((context as { commandName?: string }).commandName ?? 'Unknown').replace(/Command$/, '');
        const key = `${this.options.scope?.() ?? 'all'} ${service}:${operation}`;
        this.counts[key] = (this.counts[key] ?? 0) + 1;
        this.options.observe?.(operation, (args as { input: unknown }).input);
        return next(args);
      },
      { step: 'initialize', name: `benchCallCounter-${service}`, override: true },
    );
  }

  reset(): void {
    this.counts = {};
  }

  snapshot(): Counts {
    return { ...this.counts };
  }
}
