/** /user-form/:id: an existing account's summary and its sections, each saved on its own. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Group, Text } from '@mantine/core';
import { PageLoader } from '../layouts/page-loader.js';
import { StatusBadge } from '../users/status-badge.js';
import { formatWhen, roleLabels, userErrorMessage, userQuery, type UserView } from '../users/api.js';
import { AccessSection } from './access-section.js';
import { DetailsSection } from './details-section.js';
import { PasswordSection } from './password-section.js';
import { ScreenFrame, useFocusHeading } from './screen-frame.js';
import { TwoFactorResetSection } from './two-factor-reset-section.js';

export function EditUser({ uid }: { uid: string }) {
  const headingRef = useFocusHeading();
  const user = useQuery(userQuery(uid));
  if (user.isPending) return <PageLoader label="Loading the account" />;
  if (user.isError) {
    return (
      <ScreenFrame title="Edit user" headingRef={headingRef}>
        <Alert color="red" title="The account could not be loaded" role="alert">
          {userErrorMessage(user.error)}
        </Alert>
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title={`Edit ${user.data.email}`} headingRef={headingRef}>
      <AccountSummary user={user.data} />
      <DetailsSection user={user.data} />
      <PasswordSection user={user.data} />
      <AccessSection user={user.data} />
      <TwoFactorResetSection uid={user.data.uid} email={user.data.email} />
    </ScreenFrame>
  );
}

function AccountSummary({ user }: { user: UserView }) {
  return (
    <Group gap="md" wrap="wrap">
      <StatusBadge disabled={user.disabled} />
      <Text size="sm">Role: {roleLabels[user.role]}</Text>
      <Text size="sm">Last sign-in: {formatWhen(user.lastSignInAt)}</Text>
      <Text size="sm">Created: {formatWhen(user.createdAt)}</Text>
    </Group>
  );
}
