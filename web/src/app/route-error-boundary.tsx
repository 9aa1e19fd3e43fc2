import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * Catches render errors and failed chunk downloads (typically right after a new deploy replaced
 * the old files) so the visitor gets a way forward instead of a blank page.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page narrow">
        <h1>Något gick fel</h1>
        <p>Sidan kunde inte visas. Ladda om sidan och försök igen.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Ladda om sidan
        </button>
      </section>
    );
  }
}
