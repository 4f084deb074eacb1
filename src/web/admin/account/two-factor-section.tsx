/**
 * Two-factor sign-in on the account screen: turning it on (scan the QR code or
 * type the key, then confirm with a code and the current password), the ten recovery codes shown once
 * with copy and download, and turning it off with a code or the password.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Code, CopyButton, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normaliseCode, totpCodePattern, type AccountView, type TwoFactorSetup } from '../../../shared/account.js';
import { staffSession } from '../auth/session.js';
import { accountErrorMessage, accountKey, disableTwoFactor, enableTwoFactor, fieldMessage, startTwoFactorSetup } from './api.js';

/** The key in groups of four, as authenticator apps show keys typed by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function SetUp({ setup, onEnabled, onCancel }: { setup: TwoFactorSetup; onEnabled(codes: string[]): void; onCancel(): void }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => enableTwoFactor(password, normaliseCode(code)),
    onSuccess: (answer) => onEnabled(answer.recoveryCodes),
    onError: (err) => {
      // A refused password keeps the code, which is still good for its 30 seconds.
      const onPassword = fieldMessage(err, 'password');
      if (onPassword) return setPasswordError(onPassword);
      setCode('');
      setError(accountErrorMessage(err));
    },
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setPasswordError(null);
        if (!totpCodePattern.test(normaliseCode(code))) return setError('Enter the 6 digits your app shows.');
        if (!password) return setPasswordError('Enter your current password.');
        mutation.mutate();
      }}
    >
      <Stack gap="md">
        <Text size="sm">1. In an authenticator app on your phone (such as Aegis, Google Authenticator or Microsoft Authenticator), add an account and scan this QR code.</Text>
        <div className="account-qr" role="img" aria-label="QR code with the key for your authenticator app" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
        <Text size="sm">If you cannot scan it, type this key into the app instead:</Text>
        <Code id="two-factor-key" block fz="md" className="account-key">
          {grouped(setup.secret)}
        </Code>
        <TextInput
          label="2. Enter the 6-digit code the app shows"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          aria-invalid={error ? true : undefined}
          w={{ base: '100%', sm: 280 }}
        />
        <PasswordInput
          label="3. Your current password"
          description="Asked again before a change to how you sign in."
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={passwordError}
          w={{ base: '100%', sm: 280 }}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Turn on two-factor sign-in
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = `Recovery codes for the staff sign-in. Each code works once.\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" role="status">
        <Text size="sm" ref={headingRef} tabIndex={-1} c="var(--mantine-color-text)">
          <strong>Two-factor sign-in is on.</strong> Save these ten recovery codes somewhere safe, away from your phone. If you lose your phone, each code lets you sign in
          once. They are shown only now.
        </Text>
      </Alert>
      <ol className="account-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy the codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          Download as a text file
        </Button>
      </Group>
      <Checkbox label="I have saved my recovery codes" checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} />
      <Group>
        <Button disabled={!saved} onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

function TurnOff({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => disableTwoFactor(withPassword ? { password: value } : { code: normaliseCode(value) }),
    onSuccess: onDone,
    onError: (err) => {
      setValue('');
      setError(accountErrorMessage(err));
    },
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (!value.trim()) return setError(withPassword ? 'Enter your password.' : 'Enter a code from your app or a recovery code.');
        mutation.mutate();
      }}
    >
      <Stack gap="md">
        <Text size="sm">To turn two-factor sign-in off, confirm it is you.</Text>
        {withPassword ? (
          <PasswordInput key="password" label="Your password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} w={{ base: '100%', sm: 320 }} />
        ) : (
          <TextInput
            key="code"
            label="Code from your app, or a recovery code"
            autoComplete="one-time-code"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            aria-invalid={error ? true : undefined}
            w={{ base: '100%', sm: 320 }}
          />
        )}
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => {
            setWithPassword(!withPassword);
            setValue('');
            setError(null);
          }}
        >
          {withPassword ? 'Confirm with a code instead' : 'Confirm with my password instead'}
        </Anchor>
        <Group>
          <Button type="submit" color="red" loading={mutation.isPending}>
            Turn off two-factor sign-in
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'turning-off' };

export function TwoFactorSection({ account }: { account: AccountView }) {
  const client = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: startTwoFactorSetup,
    onSuccess: (setup) => setStage({ kind: 'setup', setup }),
    onError: (err) => setError(accountErrorMessage(err)),
  });
  const { enabled, required, recoveryCodesLeft } = account.twoFactor;
  const finished = async () => {
    setStage({ kind: 'idle' });
    await client.invalidateQueries({ queryKey: accountKey });
    // The session learns that two-factor sign-in changed (someone required to have it may now go on).
    await staffSession.refresh();
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="two-factor-title">
      <Stack gap="md">
        <Group gap="sm">
          <Title order={2} size="h3" id="two-factor-title">
            Two-factor sign-in
          </Title>
          <Badge color={enabled ? 'green' : 'gray'} variant="light">
            {enabled ? 'On' : 'Off'}
          </Badge>
          {required && (
            <Badge color="orange" variant="light">
              Required
            </Badge>
          )}
        </Group>
        {stage.kind === 'codes' ? (
          <RecoveryCodes codes={stage.codes} onDone={() => void finished()} />
        ) : stage.kind === 'setup' ? (
          <SetUp setup={stage.setup} onEnabled={(codes) => setStage({ kind: 'codes', codes })} onCancel={() => setStage({ kind: 'idle' })} />
        ) : stage.kind === 'turning-off' ? (
          <TurnOff
            onCancel={() => setStage({ kind: 'idle' })}
            onDone={() => {
              notifications.show({ color: 'green', message: 'Two-factor sign-in is off. Your password alone signs you in now.' });
              void finished();
            }}
          />
        ) : enabled ? (
          <>
            <Text size="sm">
              When you sign in, you enter a code from your authenticator app after your password. You have {recoveryCodesLeft} unused recovery code{recoveryCodesLeft === 1 ? '' : 's'}.
            </Text>
            <Group>
              <Button variant="default" color="red" onClick={() => setStage({ kind: 'turning-off' })}>
                Turn off…
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">Protect your account with a code from an authenticator app on your phone, asked for after your password. Someone who learns your password still cannot sign in.</Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button loading={start.isPending} onClick={() => start.mutate()}>
                Set up two-factor sign-in
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
