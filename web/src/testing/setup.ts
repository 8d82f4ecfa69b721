// Vitest setup: English texts, clean storage and DOM between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '@/lib/i18n';

await initI18n('en_US');

// findBy and waitFor give up after 5 s rather than Testing Library's 1 s: lazy parts (the
// calculator dialog, the forms' code) load on first use, which takes longer than a second
// on a busy CI machine. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
