import { Outlet } from 'react-router';

// Not built yet: auth, the layout rule and the staff layouts.
export function Component() {
  return <Outlet />;
}
