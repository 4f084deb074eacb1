/**
 * The second step of signing in with two-factor sign-in on: the 6-digit code
 * from the authenticator app, or one of the recovery codes instead. Wrong
 * codes say so in plain words; a step that took too long goes back to the
 * password.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError } from '../../api-client.js';
import { normaliseCode, totpCodePattern } from '../../../shared/account.js';
import { useAuth } from './use-auth.js';

export function SecondFactorStep({
  challenge,
  onRestart,
  errorMessage,
}: {
  challenge: string;
  onRestart(message: string | null): void;
  /** The sign-in screen's wording of other failures (throttled, unreachable). */
  errorMessage(err: unknown): string;
}) {
  const { completeSecondFactor } = useAuth();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setError(null);
    setFieldError(null);
    inputRef.current?.focus();
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldError(null);
    const value = normaliseCode(code);
    if (!recovery && !totpCodePattern.test(value)) return setFieldError('Enter the 6 digits your app shows.');
    if (recovery && value.length < 8) return setFieldError('Enter one of your recovery codes, such as abcde-fghjk.');
    setBusy(true);
    try {
      await completeSecondFactor(challenge, value);
    } catch (err) {
      setBusy(false);
      setCode('');
      if (err instanceof ApiError && err.code === 'auth/user-token-expired') return onRestart('The sign-in took too long. Enter your password again.');
      if (err instanceof ApiError && err.code === 'auth/invalid-credential') {
        return setError(recovery ? 'That recovery code is not correct, or it was already used.' : 'That code is not correct. Enter the code your app shows now.');
      }
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          Two-step verification
        </Title>
        <Text size="sm">{recovery ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each code works once.' : 'Enter the 6-digit code from your authenticator app.'}</Text>
        {error && (
          <Alert ref={errorRef} color="red" variant="light" title="Could not sign in" role="alert" tabIndex={-1}>
            {error}
          </Alert>
        )}
        <TextInput
          ref={inputRef}
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : '6-digit code'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={recovery ? 24 : 7}
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={fieldError}
          aria-invalid={fieldError ? true : undefined}
        />
        <Button type="submit" loading={busy} fullWidth>
          Verify and sign in
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {recovery ? 'Use the code from my app instead' : 'Use a recovery code instead'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
            Start again
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
