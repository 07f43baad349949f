import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@contract': here('./src/contract'),
  '@machines': here('./machines'),
  '@web': here('./src/web'),
  '@server': here('./src/server'),
  '@tests': here('./tests'),
};

const apiPrefixes = ['/api', '/portal', '/dev', '/pay', '/images', '/media', '/healthz'];

export default defineConfig({
  root: here('./src/web'),
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: here('./src/web/routes'),
      generatedRouteTree: here('./src/web/route-tree.gen.ts'),
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: aliases },
  build: { outDir: here('./dist'), emptyOutDir: true, chunkSizeWarningLimit: 700 },
  server: {
    // The API server (npm run dev:server) answers these; ./data never enters the watcher.
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:3000'])),
    watch: { ignored: ['**/data/**'] },
  },
  test: {
    root: here('.'),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{contract,machines,server,lint}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
    ],
  },
});
