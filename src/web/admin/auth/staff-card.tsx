/**
 * The card of the screens staff see signed out (sign-in and its second step,
 * forgotten password, reset, invitation): the organisation's logo, the
 * page's one heading, and what the screen puts under it.
 */
import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** The account's e-mail field on these screens (password managers fill it as the user name). */
export const accountEmailInputProps = {
  label: 'E-mail address',
  type: 'email',
  autoComplete: 'username',
  inputMode: 'email',
  required: true,
  autoFocus: true,
} as const;

export function StaffCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="staff-login">
      <Paper component="section" withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440} aria-labelledby="staff-card-title">
        <Stack gap="md">
          {/* The organisation's logo; the heading names the page, so it is decorative. */}
          <img src="/logo.svg" alt="" height={48} className="staff-login-logo" />
          <Title order={1} id="staff-card-title" size="h2">
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
          {children}
        </Stack>
      </Paper>
    </main>
  );
}
