// infra: the single DynamoDB table. Keys, index and TTL come from TABLE_SCHEMA, the same object the
// repositories build their keys from, so the table and the code that reads it cannot drift apart.
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '#adapters/dynamodb/table-design';

/** Options of the single table; everything has a production-safe default. */
export interface DataTableProps {
  /**
   * What happens to the table when it leaves the stack.
   * @default RemovalPolicy.RETAIN — workspaces, keys and canvases outlive any deployment
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The service's one DynamoDB table: on-demand, point-in-time recovery, AWS-managed encryption,
 * deletion protection, TTL. The construct id of the inner table is fixed ('Table'), so the logical id
 * stays the same whatever else is added to the stack (test/infra pins it).
 */
export class DataTable extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: DataTableProps = {}) {
    super(scope, id);
    const str = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: str(TABLE_SCHEMA.partitionKey),
      sortKey: str(TABLE_SCHEMA.sortKey),
      globalSecondaryIndexes: TABLE_SCHEMA.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: str(index.partitionKey),
        sortKey: str(index.sortKey),
        projectionType:
          index.projection === 'KEYS_ONLY' ? dynamodb.ProjectionType.KEYS_ONLY : dynamodb.ProjectionType.ALL,
      })),
      timeToLiveAttribute: TABLE_SCHEMA.timeToLiveAttribute,
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      deletionProtection: true,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
  }
}
