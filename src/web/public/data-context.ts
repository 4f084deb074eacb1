/**
 * Where the public loaders read, as React Router context: the server renderer
 * (entry-server.tsx) sets its in-process data source for each render; in the
 * browser nothing sets it and the loaders read through the API.
 */
import { createContext, type RouterContextProvider } from 'react-router';
import { browserDataSource, type PublicDataSource } from './data.js';

export const publicDataContext = createContext<PublicDataSource>(browserDataSource);

/** The data source of this loader call: the server's, or the browser's. */
export function dataSourceOf(context: Readonly<RouterContextProvider>): PublicDataSource {
  return context.get(publicDataContext);
}
