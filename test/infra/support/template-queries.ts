// infra test support: reading a synthesized template — the app built fast (bundling skipped, cdk.json's
// feature flags passed explicitly), a construct's logical id, a role's IAM statements, resources by type.
import type { CfnElement } from 'aws-cdk-lib';
import { cdkJsonContext } from '../../../bin/app.ts';

export type Json = Record<string, any>;

/** cdk.json's context with bundling skipped: an in-process `App` does not read cdk.json. */
export const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };

export const logicalId = (element: CfnElement) => element.stack.getLogicalId(element);
export const cfnId = (construct: { node: { defaultChild?: unknown } }) =>
  logicalId(construct.node.defaultChild as CfnElement);

/** IAM statements attached to a role (by logical id) in a template. */
export function statementsOfRole(template: Json, roleLogicalId: string): Json[] {
  return Object.values<Json>(template.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleLogicalId}"`))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}
export const actionsOf = (statements: Json[]) => statements.flatMap((s) => [s.Action].flat() as string[]);
export const byType = (template: Json, type: string) =>
  Object.entries<Json>(template.Resources).filter(([, r]) => r.Type === type);
