import { useMessageMarker } from '../hooks/use-messages';

/** MessageMarker keeps the menus' unread message count fresh while an observer page is open. */
export function MessageMarker() {
  useMessageMarker();
  return null;
}
