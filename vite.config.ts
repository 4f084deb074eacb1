import { defineConfig, type BuildEnvironmentOptions } from 'vite';
import react from '@vitejs/plugin-react';

// The server bundle (vite build --ssr): src/server/main.ts with the server-rendering entry inside.
const serverBuild: BuildEnvironmentOptions = {
  outDir: 'dist/server',
  emptyOutDir: true,
  target: 'node20',
  sourcemap: true,
  rollupOptions: { input: { main: 'src/server/main.ts' }, output: { entryFileNames: '[name].js', format: 'es' } },
};

// The browser build: the staff app (index.html → main.tsx) and the public pages'
// hydration entry, with a manifest the server reads to link a page's files.
const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist/client',
  emptyOutDir: true,
  manifest: true,
  sourcemap: true,
  target: 'es2022',
  rollupOptions: { input: { index: 'index.html', public: 'src/web/public/hydrate.tsx' } },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild ? serverBuild : clientBuild,
  server: { port: 5173 },
}));
