/**
 * A button that is unavailable without being `disabled`: a disabled button
 * drops keyboard focus (to the page, outside the dialog), so Escape and Tab
 * would stop working right after Save. It says so with aria-disabled and
 * ignores presses instead.
 */
import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface QuietButtonProps extends Pick<ButtonProps, 'variant' | 'color'> {
  ready: boolean;
  onClick?: () => void;
  type?: 'button' | 'submit';
  children: ReactNode;
}

export function QuietButton({ ready, onClick, type = 'button', children, ...rest }: QuietButtonProps) {
  return (
    <Button
      {...rest}
      type={type}
      aria-disabled={!ready || undefined}
      data-disabled={!ready || undefined}
      onClick={(e) => {
        if (!ready) {
          e.preventDefault();
          return;
        }
        onClick?.();
      }}
    >
      {children}
    </Button>
  );
}
