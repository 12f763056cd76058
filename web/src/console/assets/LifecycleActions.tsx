// Trash (undoable), restore, and purge (for good, after a question asked in place so keyboard and
// screen-reader users get it too). A refused purge shows the server's sentence: it names the
// canvases and nodes that still use the asset.
import { useEffect, useRef, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ToolError } from '../../mcp/tools.ts';
import { assetUsages, purgeAsset, restoreAsset, trashAsset, type Asset } from './assets-api.ts';
import { describeAssetError } from './asset-errors.ts';
import { useToolAction } from '../shared/use-tool-resource.ts';
import { whereUsed } from './where-used.ts';

type Problem = { title: string; message: string };

export function LifecycleActions(props: {
  asset: Asset;
  onChanged: (asset: Asset, message: string) => void;
  onPurged: (message: string) => void;
  /** A refused purge may mean the usages shown are out of date. */
  onRefused: () => void;
}): JSX.Element {
  const { tools } = useStudio();
  const { asset } = props;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | undefined>();
  const attempt = useToolAction(describeAssetError);
  const keep = useRef<HTMLButtonElement>(null);
  const purgeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const act = async (action: () => Promise<void>) => {
    setProblem(undefined);
    setBusy(true);
    const outcome = await attempt(action);
    if (!outcome.ok) setProblem({ title: 'That did not work', message: outcome.message });
    setBusy(false);
  };

  const purge = () =>
    act(async () => {
      try {
        await purgeAsset(tools, asset.id);
        props.onPurged(`Purged “${asset.name}”.`);
      } catch (error) {
        if (!(error instanceof ToolError && error.code === 'conflict')) throw error;
        setProblem(await inUse(error));
        props.onRefused();
      } finally {
        setConfirming(false);
        queueMicrotask(() => purgeButton.current?.focus());
      }
    });

  /** The refusal by name ("used by canvas “Spring campaign” (node hero)"), then the server's own words. */
  const inUse = async (refusal: ToolError): Promise<Problem> => {
    const server = describeAssetError(refusal);
    const where = await assetUsages(tools, asset.id).then(whereUsed, () => '');
    return {
      title: 'Not purged: it is still in use',
      message: where
        ? `“${asset.name}” is used by ${where}. Take it off there first. The service said: ${server}`
        : server,
    };
  };

  return (
    <section className="lifecycle" aria-label="Trash and purge">
      <div className="actions">
        {asset.trashedAt ? (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void act(async () => props.onChanged(await restoreAsset(tools, asset.id), `Restored “${asset.name}”.`))
            }
          >
            Restore
          </button>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void act(async () =>
                props.onChanged(await trashAsset(tools, asset.id), `Moved “${asset.name}” to the trash.`),
              )
            }
          >
            Move to trash
          </button>
        )}
        {confirming ? null : (
          <button
            ref={purgeButton}
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Purge…
          </button>
        )}
      </div>
      {confirming ? (
        <fieldset className="confirm bare" aria-label={`Purge ${asset.name}?`}>
          <p>Delete “{asset.name}” and its bytes for good? This cannot be undone.</p>
          <div className="actions">
            <button type="button" className="danger" disabled={busy} onClick={() => void purge()}>
              Purge for good
            </button>
            <button
              ref={keep}
              type="button"
              onClick={() => {
                setConfirming(false);
                return queueMicrotask(() => purgeButton.current?.focus());
              }}
            >
              Keep it
            </button>
          </div>
        </fieldset>
      ) : null}
      {problem ? <Alert title={problem.title}>{problem.message}</Alert> : null}
    </section>
  );
}
