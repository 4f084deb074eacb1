/** What the user form's sections share: role choices, field rules, the password rules list, and how a refusal is shown. */
import { List } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { passwordProblem, type PasswordPolicy } from '../../../shared/password-policy.js';
import { describePolicy } from '../auth/password-policy.js';
import { fieldErrors, roleLabels, userErrorMessage, userRoles } from '../users/api.js';

export const roleOptions = userRoles.map((r) => ({ value: r, label: roleLabels[r] }));

export function passwordSchema(policy: PasswordPolicy) {
  return z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value, policy);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export { displayNameSchema } from '../../../shared/users.js';

/** Puts a server refusal on its fields; true when at least one field took it. */
export function showOnFields<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): boolean {
  let shown = false;
  for (const [field, message] of Object.entries(fieldErrors(err))) {
    const name = names.find((n) => n === field);
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

export function notifyFailure(title: string, err: unknown) {
  notifications.show({ color: 'red', title, message: userErrorMessage(err) });
}

export function PolicyRules({ policy, id }: { policy: PasswordPolicy; id?: string }) {
  return (
    <List size="sm" id={id} spacing={2}>
      {describePolicy(policy).map((rule) => (
        <List.Item key={rule}>{rule}</List.Item>
      ))}
    </List>
  );
}
