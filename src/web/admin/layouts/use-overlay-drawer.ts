import { useSyncExternalStore } from 'react';

/** Below 1024 px the drawer overlays the content; at 1024 px and above it is pinned. */
export const overlayQuery = '(max-width: 1023.98px)';

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(overlayQuery);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function useOverlayDrawer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(overlayQuery).matches,
    () => false,
  );
}
