// The one way a copy button copies: the value on the clipboard, and the app's "Copied" or
// "Copy failed" said the same on every page of both sites.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard';
import { notify } from './notify';

/** useCopy copies text and says whether it worked; it answers whether it did (a button may show a tick). */
export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      const ok = await copyText(text);
      notify(ok ? 'success' : 'error', t(ok ? 'common.copied' : 'common.copyFailed'));
      return ok;
    },
    [t],
  );
}
