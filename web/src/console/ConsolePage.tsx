// One console section: its heading, then its screen, downloaded on demand. A failed download or a crash
// in the screen shows words and a way back, never a blank page.
import { Component, Suspense, type ErrorInfo, type JSX, type ReactNode } from 'react';
import { Alert } from '../ui/Alert.tsx';
import { Link } from '../app/Link.tsx';
import { sectionById } from './sections.ts';

export function ConsolePage(props: { sectionId: string }): JSX.Element {
  const section = sectionById(props.sectionId);
  if (!section) {
    return (
      <section data-state="ready">
        <h1>Page not found</h1>
        <p>
          The console has no section <code>{props.sectionId}</code>. <Link to="/">Back to the canvases</Link>
        </p>
      </section>
    );
  }
  const Screen = section.screen;
  return (
    <section className="console-page" aria-labelledby="console-heading">
      <h1 id="console-heading">{section.title}</h1>
      <ScreenBoundary key={section.id} title={section.title}>
        <Suspense fallback={<p role="status">Loading {section.title.toLowerCase()}…</p>}>
          <Screen />
        </Suspense>
      </ScreenBoundary>
    </section>
  );
}

class ScreenBoundary extends Component<{ title: string; children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`console section ${this.props.title} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Alert title={`${this.props.title} stopped working`} action={<Link to="/">Back to the canvases</Link>}>
        {this.state.error.message}. Reload the page to try again.
      </Alert>
    );
  }
}
