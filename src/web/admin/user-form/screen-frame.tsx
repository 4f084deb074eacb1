/** The frame of both user-form screens: Back link and a heading that takes focus when the screen opens. */
import { Anchor, Stack, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';

export function useFocusHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

export function ScreenFrame({ title, headingRef, children }: { title: string; headingRef: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <main className="staff-screen">
      <Stack gap="lg" p="md" maw={720}>
        <Anchor component={Link} to="/user" size="sm">
          ← Back to users
        </Anchor>
        <Title order={1} ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        {children}
      </Stack>
    </main>
  );
}
