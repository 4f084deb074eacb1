import { Center, Loader } from '@mantine/core';

/** Shown while the session is restored or a screen loads (size 80: docs/spec-conformance.md, "Business constants and limits"). */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
      <Loader size={80} aria-hidden="true" />
    </Center>
  );
}
