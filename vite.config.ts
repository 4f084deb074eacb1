import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two builds from one config: the browser app (dist/client, with a manifest the
// server reads to link a page's scripts and styles) and, with --ssr, the server
// bundle (dist/server) that includes the server-rendering entry.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        rollupOptions: { input: { main: 'src/server/main.ts' }, output: { entryFileNames: '[name].js', format: 'es' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        target: 'es2022',
      },
  ssr: { noExternal: [] },
  server: { port: 5173 },
}));
