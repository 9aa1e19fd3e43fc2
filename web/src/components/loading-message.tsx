/** The spec's loading text, announced politely to screen readers. */
export function LoadingMessage() {
  return (
    <p className="status-message" role="status">
      Laddar...
    </p>
  );
}
