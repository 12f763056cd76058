// bench: counts AWS SDK calls by operation with a middleware on the clients the handlers really use.
// One count per logical call (the `initialize` step runs once per send, before any retry), keyed
// `<scope> <service>:<operation>`, e.g. `request dynamodb:GetItem`, `engine dynamodb:PutItem`.
import type { Client } from '@smithy/types';

export type Counts = Record<string, number>;

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}
const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);
const CAPACITY_OPERATIONS = new Set([
  ...READS,
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
]);

export interface CallCounterOptions {
  /** Where a call comes from (e.g. `engine` inside a Step Functions task, else `request`). */
  readonly scope?: () => string;
  /** Sees each call's operation name and input (document-client form, before marshalling). */
  readonly observe?: (operation: string, input: unknown) => void;
}

export class CallCounter {
  private counts: Counts = {};
  private units: Counts = {};

  constructor(private readonly options: CallCounterOptions = {}) {}

  /**
   * Adds the counting middleware to `client` under `service` (e.g. `dynamodb`, `sfn`). DynamoDB data
   * calls also ask for their consumed capacity (ReturnConsumedCapacity TOTAL, as DynamoDB reports it
   * for on-demand tables), summed apart from the calls: `capacity()` answers `<scope> RCU` / `<scope> WCU`.
   */
  attach(service: string, client: { middlewareStack: Client<any, any, any>['middlewareStack'] }): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const operation = String((context as { commandName?: string }).commandName ?? 'Unknown').replace(
          /Command$/,
          '',
        );
        const scope = this.options.scope?.() ?? 'all';
        const key = `${scope} ${service}:${operation}`;
        this.counts[key] = (this.counts[key] ?? 0) + 1;
        const input = (args as { input: Record<string, unknown> }).input;
        this.options.observe?.(operation, input);
        const measured =
          service === 'dynamodb' && CAPACITY_OPERATIONS.has(operation) && input.ReturnConsumedCapacity === undefined;
        if (measured) input.ReturnConsumedCapacity = 'TOTAL';
        const result = await next(args);
        if (measured)
          this.addCapacity(
            scope,
            operation,
            (result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity,
          );
        return result;
      },
      { step: 'initialize', name: `benchCallCounter-${service}`, override: true },
    );
  }

  private addCapacity(scope: string, operation: string, consumed: Capacity | Capacity[] | undefined): void {
    for (const entry of [consumed ?? []].flat()) {
      const reads = entry.ReadCapacityUnits ?? (READS.has(operation) ? entry.CapacityUnits : 0) ?? 0;
      const writes = entry.WriteCapacityUnits ?? (READS.has(operation) ? 0 : entry.CapacityUnits) ?? 0;
      this.units[`${scope} RCU`] = (this.units[`${scope} RCU`] ?? 0) + reads;
      this.units[`${scope} WCU`] = (this.units[`${scope} WCU`] ?? 0) + writes;
    }
  }

  reset(): void {
    this.counts = {};
    this.units = {};
  }

  /** DynamoDB capacity units consumed, as DynamoDB (Local) reported them: `<scope> RCU|WCU`. */
  capacity(): Counts {
    return { ...this.units };
  }

  snapshot(): Counts {
    return { ...this.counts };
  }
}
