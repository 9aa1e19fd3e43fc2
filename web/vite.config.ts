import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser code imports contracts by package name; point that at the TypeScript sources so a
// web build never depends on a previous `tsc -b` of the contracts workspace.
const contractsEntry = decodeURIComponent(new URL('../contracts/src/index.ts', import.meta.url).pathname);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@jobbportalen\/contracts$/, replacement: contractsEntry }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The size budgets (start page, /jobb) are checked on gzipped chunks; keep the warning honest.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
