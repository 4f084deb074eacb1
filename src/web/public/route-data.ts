/** The id of the JSON block that carries a server-rendered page's route data to hydrate.tsx. */
export const routeDataId = 'route-data';
