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

/** The Published badge's green: dark enough for white 12 px text (7:1), where Mantine's green 9 reaches only 4.4:1. */
export const publishedGreen = '#17602d';
