/** The main landmark and page padding of a staff screen (the shell's content area has neither). */
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

export function Screen({ children }: { children: ReactNode }) {
  return (
    <Box component="main" px={{ base: 'sm', sm: 'lg' }} py="lg" maw={1120}>
      {children}
    </Box>
  );
}
