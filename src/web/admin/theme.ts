/** The staff app's Mantine theme: shades chosen so text and buttons meet WCAG AA contrast. */
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const staffTheme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white text on filled buttons above 4.5:1.
  primaryShade: { light: 8, dark: 5 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // The breakpoints of docs/spec-conformance.md (sm 600, md 1024, lg 1440, xl 1920), in em.
  breakpoints: { xs: '30em', sm: '37.5em', md: '64em', lg: '90em', xl: '120em' },
  focusRing: 'auto',
  // Dialogs, menus, notifications and collapsing panels appear at once, without fading or sliding, for anyone whose system asks for less motion.
  respectReducedMotion: true,
  components: {
    // Icon-only close buttons need a name for screen readers.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
  },
});

/** Mantine's default dimmed grey and red are too light on white; darker shades pass AA. */
export const staffCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});

/** The green of Published (badges, the Publish button): 7:1 with white 12 px text, where Mantine's green 9 reaches only 4.4:1. */
export const publishedGreen = '#17602d';
/** Text colours for a warning (something to check) and a neutral or informative mark, dark enough for AA on white and on tinted backgrounds. */
export const warningBrown = '#8a4b00';
export const neutralGrey = '#495057';
export const noticeBlue = '#1c4f8a';
