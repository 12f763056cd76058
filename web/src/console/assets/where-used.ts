// "canvas “Spring campaign” (node hero); template “Launch” (nodes a, b)": where an asset is used, by
// name, for the sentence that explains a refused purge (the server's own names only ids).
import type { AssetUsages } from './assets-api.ts';

const nodes = (ids: readonly string[]) =>
  ids.length === 0 ? '' : ` (${ids.length === 1 ? 'node' : 'nodes'} ${ids.join(', ')})`;

export function whereUsed(usages: Pick<AssetUsages, 'usages' | 'templates'>): string {
  return [
    ...usages.usages.map((usage) => `canvas “${usage.canvasName}”${nodes(usage.nodeIds)}`),
    ...usages.templates.map((template) => `template “${template.templateName}”${nodes(template.nodeIds)}`),
  ].join('; ');
}
