import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser code imports contracts by package name; point that at the TypeScript sources so a
// web build never depends on a previous `tsc -b` of the contracts workspace.
const contractsEntry = decodeURIComponent(new URL('../contracts/src/index.ts', import.meta.url).pathname);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@jobbportalen\/contracts$/, replacement: contractsEntry }],
  },
  // `vite build --ssr`: the server's renderer (src/entry-server.tsx), beside — never inside — the
  // public dist/. Its dependencies are bundled in, so the server needs none of the web's packages.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        copyPublicDir: false,
        emptyOutDir: true,
        // The server loads one file; splitting it would only add imports at start-up.
        rolldownOptions: { output: { inlineDynamicImports: true } },
      }
    : {
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
}));
