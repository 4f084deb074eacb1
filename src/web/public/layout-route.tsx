import { Outlet } from 'react-router';

// Not built yet: the public header and footer.
export function Component() {
  return <Outlet />;
}
