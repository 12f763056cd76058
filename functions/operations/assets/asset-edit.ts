// operation helper: the library edits that take an asset id and answer the asset (rename, move, tags,
// trash, restore): one definition each, differing only in fields and use case.
import * as z from '#core/schema';
import type { Asset } from '#core/assets/model';
import type { AuditAction } from '#core/audit/model';
import type { AssetDeps } from '#core/assets/use-cases';
import type { Principal } from '#core/keys/api-key';
import { defineOperation, namingOf, type OperationAnnotations, type OperationExample } from '#operations/operation';
import type { OperationRouteFacts } from '#operations/route-facts';
import { assetView, AssetIdField, AssetView, deps } from './asset-fields.ts';

export function assetEditOperation<F extends Record<string, z.ZodMiniType>>(spec: {
  route: string;
  http: OperationRouteFacts;
  example: OperationExample;
  name: string;
  title: string;
  description: string;
  fields: F;
  annotations: OperationAnnotations;
  audit: AuditAction;
  apply: (
    principal: Principal,
    input: { assetId: string } & z.infer<z.ZodMiniObject<F>>,
    deps: AssetDeps,
  ) => Promise<Asset>;
}) {
  return defineOperation({
    ...namingOf(spec),
    input: z.strictObject({ assetId: AssetIdField, ...spec.fields }),
    output: AssetView,
    annotations: spec.annotations,
    audit: spec.audit,
    run: async (input, { principal }) => assetView(await spec.apply(principal, input as never, deps)),
  });
}
