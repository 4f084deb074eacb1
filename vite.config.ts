import { build, defineConfig, type BuildEnvironmentOptions, type InlineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import publicPages from './src/shared/public-build.json' with { type: 'json' };

// The server bundle (vite build --ssr): src/server/main.ts with the server-rendering entry inside,
// and the backup's worker thread, dist/server/backup-worker.js beside main.js (the backup service starts it from there).
const serverBuild: BuildEnvironmentOptions = {
  outDir: 'dist/server',
  emptyOutDir: true,
  target: 'node20',
  sourcemap: true,
  rollupOptions: { input: { main: 'src/server/main.ts', 'backup-worker': 'src/server/backup/worker.ts' }, output: { entryFileNames: '[name].js', format: 'es' } },
};

// The staff app (index.html → main.tsx), with React and the router. Staff can
// open public pages inside it, so the public views are in it too.
const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist/client',
  emptyOutDir: true,
  manifest: true,
  sourcemap: true,
  target: 'es2022',
  rollupOptions: { input: { index: 'index.html' } },
};

/**
 * The public pages' browser code, built on its own: the small entry
 * (src/web/public/enhance.ts: menus, event times, the island loader, the
 * stylesheet) and one chunk per island. The islands are React components,
 * rendered by React on the server; in the browser they run on Preact's React
 * compatibility layer (about 5 KB gzip instead of React DOM's 69 KB), which
 * is what keeps a page with the carousel and the contact form within its
 * budget. The staff app keeps React, hence a build of its own.
 */
const publicBuild: InlineConfig = {
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    manifest: publicPages.manifest,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: { input: { public: publicPages.entry } },
  },
};

/** Runs the public pages' build after the staff app's, into the same folder. */
function publicPagesBuild(): Plugin {
  return {
    name: 'public-pages-build',
    apply: 'build',
    async closeBundle() {
      await build(publicBuild);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), publicPagesBuild()],
  build: isSsrBuild ? serverBuild : clientBuild,
  server: { port: 5173 },
}));
