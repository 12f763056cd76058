// infra: CloudFormation values as cdk-nag names them, so a finding on a resolved reference can be
// acknowledged by its exact id.

/**
 * Flattens a resolved CloudFormation value the way cdk-nag names findings
 * (`{Ref: X}` → `<X>`, `Fn::GetAtt [X, Arn]` → `<X.Arn>`, Fn::Join concatenated).
 */
export function flattenReference(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if ('Fn::Join' in node) {
      const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
      return items.map(flattenReference).join(delimiter);
    }
    if ('Ref' in node) return `<${flattenReference(node.Ref)}>`;
    if ('Fn::GetAtt' in node) {
      const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
    }
    if ('Fn::Sub' in node) return flattenReference(node['Fn::Sub']);
    if ('Fn::ImportValue' in node) return flattenReference(node['Fn::ImportValue']);
  }
  return JSON.stringify(value);
}
