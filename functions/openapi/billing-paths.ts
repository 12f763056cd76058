// openapi: the two FOCUS billing routes, described by hand (they answer files and FOCUS documents, not
// operation outputs). Same description on both hosts; the path-level servers list both.
import { EXPORT_COLUMNS, FOCUS_VERSION } from '#core/focus/columns';
import { focusMetadata } from '#core/focus/metadata';
import { MAX_EXPORT_DAYS } from '#core/focus/range';
import { DEFAULT_FOCUS_IDENTITY } from '#core/focus/rows';
import type { RouteDefinition } from '#route-table/manifest';
import type { OperationObject, ParameterObject, PathItem } from './types.ts';

const WS = 'ws_01jd8x5d7f9h1k3m5p7r9t1v3x';
const LOCATION = `https://media-bucket.s3.amazonaws.com/exports/${WS}/2026-06-02/0b7e4d2a-5f1c-4c8e-9a53-2d6f0e1b7c44/focus-export.jsonl?X-Amz-Expires=300&X-Amz-Signature=…`;
/** Abridged (…): the real rows carry every column of EXPORT_COLUMNS. */
const JSONL_EXAMPLE = `{"BilledCost":0,"BillingAccountId":"${WS}","BillingAccountName":"Acme","BillingCurrency":"USD","BillingPeriodEnd":"2026-06-01T00:00:00Z","BillingPeriodStart":"2026-05-01T00:00:00Z","ChargeCategory":"Usage","ChargeClass":null,"ChargeDescription":"video.generate (standard), per Seconds",…,"x_Credits":-80}\n`;
const CSV_EXAMPLE = [
  'BilledCost,BillingAccountId,BillingAccountName,BillingCurrency,…,x_Credits',
  `0,${WS},Acme,USD,…,-80`,
  '',
].join('\n');
const METADATA_EXAMPLE = focusMetadata({
  workspaceId: WS,
  workspaceName: 'Acme',
  range: { from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-05-03T00:00:00Z') },
  identity: DEFAULT_FOCUS_IDENTITY,
  now: new Date('2026-05-02T12:00:00Z'),
});

const error = (name: string) => ({ $ref: `#/components/responses/${name}` });

const RANGE: ParameterObject[] = [
  {
    name: 'from',
    in: 'query',
    required: true,
    description: 'Inclusive start, ISO 8601 in UTC: a date (midnight UTC) or a date-time (Z or an offset; none = UTC)',
    schema: { type: 'string' },
    example: '2026-05-01',
  },
  {
    name: 'to',
    in: 'query',
    required: true,
    description: `Exclusive end, same format; after from and at most ${MAX_EXPORT_DAYS} days later`,
    schema: { type: 'string' },
    example: '2026-06-01',
  },
];
const WORKSPACE: ParameterObject = {
  name: 'workspaceId',
  in: 'query',
  required: false,
  description:
    "Required with a signed-in session's access token (and must be its workspace); optional with a workspace key, which fixes the workspace",
  schema: { type: 'string' },
};
const SECURITY: Record<string, string[]>[] = [{ workspaceKey: ['read:billing'] }, { gatewayToken: ['read:billing'] }];
const COMMON_ERRORS = {
  '400': error('BadRequest'),
  '401': error('Unauthorized'),
  '403': error('Forbidden'),
  '500': error('InternalError'),
};

const exportOperation: OperationObject = {
  operationId: 'focus_export',
  summary: `FOCUS ${FOCUS_VERSION} cost and usage export`,
  description: [
    `The workspace's credit ledger in the range as a FOCUS ${FOCUS_VERSION} Cost and Usage dataset: usage aggregated per hour, SKU and`,
    'resource; purchases, grants, refunds and adjustments one row each; x_ columns after the FOCUS ones. Scope: `read:billing`.',
    'Small files are the response; larger ones answer 303 to a presigned link (5 minutes) with the same name and type. See docs/billing.md.',
  ].join(' '),
  tags: ['billing'],
  security: SECURITY,
  parameters: [
    ...RANGE,
    {
      name: 'format',
      in: 'query',
      required: false,
      description: 'jsonl (default) or csv',
      schema: { type: 'string', enum: ['jsonl', 'csv'] },
    },
    WORKSPACE,
  ],
  responses: {
    '200': {
      description: 'The file, as an attachment (focus-export.jsonl or focus-export.csv); Cache-Control: no-store',
      headers: {
        'Content-Disposition': { description: 'attachment; filename="focus-export.jsonl"', schema: { type: 'string' } },
      },
      content: {
        'application/jsonl': {
          schema: {
            type: 'string',
            description: `One JSON object per line with the columns ${EXPORT_COLUMNS.map((column) => column.name).join(', ')}`,
          },
          example: JSONL_EXAMPLE,
        },
        'text/csv': {
          schema: {
            type: 'string',
            description: 'A header row of the same columns, then one row per line; null is an empty field',
          },
          example: CSV_EXAMPLE,
        },
      },
    },
    '303': {
      description:
        'Too large for a response: Location is a presigned download link with the same file name and content type',
      headers: { Location: { description: 'The presigned URL', schema: { type: 'string' } } },
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              url: { type: 'string' },
              expiresInSeconds: { type: 'integer' },
              fileName: { type: 'string' },
            },
            required: ['url'],
          },
          example: { url: LOCATION, expiresInSeconds: 300, fileName: 'focus-export.jsonl' },
        },
      },
    },
    ...COMMON_ERRORS,
  },
};

const metadataOperation: OperationObject = {
  operationId: 'focus_metadata',
  summary: `FOCUS ${FOCUS_VERSION} dataset metadata`,
  description: [
    "The metadata of the workspace's cost and usage dataset for the range: DataGenerator, DatasetInstance, Recency (one time sector",
    "per UTC day, complete once the day and the late-entry margin have passed) and Schema (every column's definition), FocusVersion 1.3.",
    'Scope: `read:billing`. See docs/billing.md.',
  ].join(' '),
  tags: ['billing'],
  security: SECURITY,
  parameters: [...RANGE, WORKSPACE],
  responses: {
    '200': {
      description: 'The metadata document',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              FocusVersion: { const: FOCUS_VERSION },
              DataGenerator: { type: 'object' },
              DatasetInstance: { type: 'array' },
              Recency: { type: 'array' },
              Schema: { type: 'array' },
            },
            required: ['FocusVersion', 'DataGenerator', 'DatasetInstance', 'Recency', 'Schema'],
          },
          example: METADATA_EXAMPLE,
        },
      },
    },
    ...COMMON_ERRORS,
  },
};

/** The path item of a billing route. */
export function billingPaths(route: RouteDefinition): Record<string, PathItem> | undefined {
  if (route.path === '/api/billing/focus-export') return { [route.path]: { get: exportOperation } };
  if (route.path === '/api/billing/focus-metadata') return { [route.path]: { get: metadataOperation } };
  return undefined;
}
