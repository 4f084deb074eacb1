/**
 * The staff app's browser entry: the whole route table in a data router, every
 * route module lazy. Server-rendered public pages do not load it: they load
 * public/enhance.ts, which hydrates only their islands.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { sectionCollectionOfPath } from '../shared/registry-index.js';
import { buildRoutes, sectionCollectionRoutes } from './routes.js';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
const router = createBrowserRouter(buildRoutes(), {
  // A section's collection (`/s-…`, `/s-…-form/:id`) is data: its screens join the router when one is opened.
  patchRoutesOnNavigation({ path, patch }) {
    const collection = sectionCollectionOfPath(path);
    if (collection) patch('staff', sectionCollectionRoutes(collection));
  },
});
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
