// Where the asset is used: each canvas with the nodes that show it (and whether it was uploaded or
// generated for that canvas), and the templates whose frozen nodes name it. Purge is refused while
// this list is not empty. `generation` changes whenever something may have changed the answer.
import { useEffect, useState, type JSX } from 'react';
import { canvasPath } from '../../app/router.ts';
import { Link } from '../../app/Link.tsx';
import { assetUsages, type AssetUsages } from './assets-api.ts';
import { describeAssetError } from './asset-errors.ts';
import { useToolAction } from '../shared/use-tool-resource.ts';

export function UsagesList(props: { assetId: string; generation: number }): JSX.Element {
  const [usages, setUsages] = useState<AssetUsages | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const attempt = useToolAction(describeAssetError);
  const { assetId, generation } = props;

  // A new generation (the asset was placed or removed) loads the same asset's usages again.
  useEffect(() => {
    let live = true;
    setProblem(undefined);
    void attempt((tools) => assetUsages(tools, assetId)).then((outcome) => {
      if (!live) return;
      if (outcome.ok) setUsages(outcome.value);
      else setProblem(outcome.message);
    });
    return () => {
      live = false;
    };
  }, [attempt, assetId, generation]);

  return (
    <section className="usages" aria-labelledby="usages-title" aria-busy={!usages && !problem}>
      <h3 id="usages-title">Used by</h3>
      {problem ? (
        <p className="field-problem" role="alert">
          The usages could not be read: {problem}
        </p>
      ) : !usages ? (
        <p className="muted">Looking for canvases that use it…</p>
      ) : usages.usages.length === 0 && usages.templates.length === 0 ? (
        <p className="muted">No canvas or template uses it.</p>
      ) : (
        <ul data-testid="usages">
          {usages.usages.map((usage) => (
            <li key={usage.canvasId}>
              Canvas{' '}
              <Link to={canvasPath(usage.canvasId)} state={{ canvasName: usage.canvasName }}>
                {usage.canvasName}
              </Link>
              {usage.nodeIds.length
                ? `, ${usage.nodeIds.length === 1 ? 'node' : 'nodes'} ${usage.nodeIds.join(', ')}`
                : ''}
              {usage.attached ? ' (uploaded or generated for it)' : ''}
            </li>
          ))}
          {usages.templates.map((template) => (
            <li key={template.templateId}>
              Template “{template.templateName}”, {template.nodeIds.length === 1 ? 'node' : 'nodes'}{' '}
              {template.nodeIds.join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
