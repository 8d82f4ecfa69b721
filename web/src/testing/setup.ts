// Vitest setup: English texts, clean storage and DOM between tests.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '@/lib/i18n';

await initI18n('en_US');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
