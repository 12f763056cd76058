// One canvas: the editor (web/src/canvas, loaded on demand so React Flow is not in the first download).
import { Component, lazy, Suspense, type ErrorInfo, type JSX, type ReactNode } from 'react';
import { useStudio } from '../app/session-context.ts';
import { Alert } from '../ui/Alert.tsx';
import { Link } from '../app/Link.tsx';

const CanvasEditor = lazy(() =>
  import('../canvas/CanvasEditor.tsx').then((module) => ({ default: module.CanvasEditor })),
);

export function CanvasPage(props: { canvasId: string }): JSX.Element {
  const { tools } = useStudio();
  // The list passes the name along; a pasted link shows the id until the editor has loaded.
  const name = (window.history.state as { canvasName?: unknown } | null)?.canvasName;
  return (
    <div className="canvas-page">
      <div className="canvas-bar">
        <Link to="/" className="canvas-back">
          ← Canvases
        </Link>
        <h1 className="canvas-title" title={typeof name === 'string' ? name : undefined}>
          {typeof name === 'string' ? name : <code>{props.canvasId}</code>}
        </h1>
      </div>
      <div className="canvas-area">
        <EditorBoundary>
          <Suspense fallback={<p role="status">Loading the editor…</p>}>
            <CanvasEditor canvasId={props.canvasId} tools={tools} />
          </Suspense>
        </EditorBoundary>
      </div>
    </div>
  );
}

/** A crash in the editor (or a failed chunk download) shows words and a way back, not a blank page. */
class EditorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('canvas editor failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Alert title="The editor stopped working" action={<Link to="/">Back to the canvases</Link>}>
        {this.state.error.message}. Reload the page to try again; your saved changes are kept on the server.
      </Alert>
    );
  }
}
