/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

// The poold API server that `npm run dev` forwards to (see DESIGN.md "Web").
const backend = process.env.POOLD_URL ?? 'http://127.0.0.1:8080';

// The operator console (ops.html, served by poold only on its --admin-http listener; docs/
// operations.md) is built from the same sources and settings in a second pass, `vite build
// --mode console`, into the same folder: one pass with both pages would split the modules
// they share into chunks of their own and add files and bytes to the site's first visit.
const CONSOLE_MODE = 'console';

export default defineConfig(({ mode }) => ({
  // JSX is compiled by esbuild alone; no React plugin (no fast refresh needed).
  esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': backend,
      '/version.json': backend,
      '/legal': backend,
      '/healthz': backend,
    },
  },
  build: {
    // poold embeds web/dist; vite owns only dist/app (dist/.gitkeep stays). The console's
    // pass adds to the site's output.
    outDir: 'dist/app',
    emptyOutDir: mode !== CONSOLE_MODE,
    rollupOptions: {
      input: fileURLToPath(new URL(mode === CONSOLE_MODE ? './ops.html' : './index.html', import.meta.url)),
      onwarn(warning, warn) {
        // antd marks its modules "use client" for React Server Components; meaningless in a SPA.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    // Above the 5 s of setup.ts's waits, so a slow wait fails with its own message.
    testTimeout: 20_000,
  },
}));
