// antd-mobile's Toast on its own, for the layout to load when the first message comes.
import { Toast } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import type { NoticeKind, NoticeOptions } from '@/lib/notify';

/**
 * showToast shows one message in the tone of its kind: a tick for success, a cross for an
 * error, an exclamation mark for a warning (as the desktop's messages have), none for info.
 */
export function showToast(kind: NoticeKind, content: string, options?: NoticeOptions): void {
  const icon =
    kind === 'success' ? 'success' : kind === 'error' ? 'fail' : kind === 'warning' ? <ExclamationCircleOutline data-testid="toast-warning" /> : undefined;
  Toast.show({ content, icon, ...(options?.durationMs !== undefined ? { duration: options.durationMs } : {}) });
}
