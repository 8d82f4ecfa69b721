// Test helpers: render a component with the app's providers at an address.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { i18n } from '@/lib/i18n';

/**
 * renderWithProviders renders ui at `path` (default /) with a fresh query cache and English texts.
 * antd: inside antd's App (its message and modal hooks) with the router's v7 behaviour, as the
 * desktop pages run.
 */
export function renderWithProviders(ui: ReactNode, { path = '/', antd = false }: { path?: string; antd?: boolean } = {}): RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
} {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path], future: antd ? { v7_relativeSplatPath: true } : undefined });
  const routed = antd ? <RouterProvider router={router} future={{ v7_startTransition: true }} /> : <RouterProvider router={router} />;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{antd ? <App>{routed}</App> : routed}</I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}

/**
 * stubMatchMedia gives jsdom the matchMedia antd's grid and tables watch: a wide screen matches
 * every min-width query and no max-width one, a narrow one matches none. Undo with vi.unstubAllGlobals.
 */
export function stubMatchMedia(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && !query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
