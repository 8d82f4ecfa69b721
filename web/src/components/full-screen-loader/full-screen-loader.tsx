import './full-screen-loader.css';

/** FullScreenLoader covers the whole page with a spinner and a message. */
export function FullScreenLoader({ message, testId }: { message: string; testId?: string }) {
  return (
    <div className="up-fullscreen-loader" role="alert" aria-busy="true" data-testid={testId}>
      <span className="up-fullscreen-loader__spinner" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
