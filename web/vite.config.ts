import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser code imports contracts by package name; point that at the TypeScript sources so a
// web build never depends on a previous `tsc -b` of the contracts workspace.
const reactOnPreact = decodeURIComponent(
  new URL('./src/runtime/react-on-preact.js', import.meta.url).pathname,
);
const contractsEntry = decodeURIComponent(new URL('../contracts/src/index.ts', import.meta.url).pathname);

/**
 * The app is written against React's API and runs on Preact through preact/compat, in the browser
 * and in the server's renderer alike (one runtime on both sides of hydration). React 19's browser
 * runtime alone is about 68 KB compressed — more than a job page may load in all (60 KB) — where
 * Preact with its compat layer is about 7 KB. Every import of react or react-dom, ours and our
 * dependencies' (react-instantsearch, wouter), resolves to Preact here.
 */
const PREACT_FOR_REACT = [
  { find: /^react$/, replacement: reactOnPreact },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@jobbportalen\/contracts$/, replacement: contractsEntry }, ...PREACT_FOR_REACT],
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
