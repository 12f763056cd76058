// The node types of get_port_manifest, grouped by category; a click (or Enter) adds one in the middle
// of the view. Types this deployment cannot run are shown disabled with the server's reason.
import { useMemo, type JSX } from 'react';
import { useEditor } from './editor-context.ts';
import type { NodeTypeInfo } from './types.ts';

const CATEGORY_ORDER = ['trigger', 'source', 'transform', 'flow', 'generation', 'output'];
const CATEGORY_LABEL: Record<string, string> = {
  trigger: 'Triggers',
  source: 'Sources',
  transform: 'Transforms',
  flow: 'Flow',
  generation: 'Generation',
  output: 'Outputs',
};

export function Palette(props: { onAdd: (type: string) => void }): JSX.Element {
  const manifest = useEditor((state) => state.manifest);
  const readOnly = useEditor((state) => state.session.readOnly);
  const groups = useMemo(() => {
    const byCategory = new Map<string, NodeTypeInfo[]>();
    for (const type of manifest?.nodeTypes ?? [])
      byCategory.set(type.category, [...(byCategory.get(type.category) ?? []), type]);
    const rank = (category: string) =>
      CATEGORY_ORDER.includes(category) ? CATEGORY_ORDER.indexOf(category) : CATEGORY_ORDER.length;
    return [...byCategory].sort(([a], [b]) => rank(a) - rank(b));
  }, [manifest]);
  return (
    <nav className="canvas-palette" aria-label="Add a node">
      <h2>Add a node</h2>
      {groups.map(([category, types]) => (
        <section key={category} aria-labelledby={`palette-${category}`}>
          <h3 id={`palette-${category}`}>{CATEGORY_LABEL[category] ?? category}</h3>
          <ul>
            {types.map((type) => (
              <li key={type.type}>
                <button
                  type="button"
                  disabled={!type.available || readOnly}
                  aria-describedby={`palette-${type.type}-about`}
                  onClick={() => props.onAdd(type.type)}
                  data-node-type={type.type}
                >
                  {type.label}
                </button>
                <p
                  id={`palette-${type.type}-about`}
                  className={type.available ? 'palette-about' : 'palette-about palette-unavailable'}
                >
                  {type.available
                    ? type.description
                    : `Unavailable: ${type.unavailableReason ?? 'this deployment cannot run it'}`}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
