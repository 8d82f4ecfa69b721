import './unread-dot.css';

/** UnreadDot marks an unread notice; label is read out instead of the dot. */
export function UnreadDot({ label }: { label: string }) {
  return <span className="up-help-dot" role="img" aria-label={label} data-testid="unread-dot" />;
}
