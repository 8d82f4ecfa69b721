// Test helpers: render a component with the app's providers at an address.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/app/providers';
import { i18n } from '@/lib/i18n';

/** renderWithProviders renders ui at `path` (default /) with a fresh query cache and English texts. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}): RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
} {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
