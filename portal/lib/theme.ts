/** The Mantine theme of SPEC §9: primary green, a cool gray and the spec's custom colours. */
import {
  type CSSVariablesResolver,
  colorsTuple,
  createTheme,
  type FileInputProps,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

/**
 * The dialogs' defaults, typed by ModalProps rather than built with Modal.extend: importing Modal
 * would put it and its scroll area in the first page (ADR 421).
 */
const modalDefaults: MantineThemeComponent = {
  defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps>,
};

/**
 * A toast's close button gets a name, and its text the body colour (Mantine's dark.2 description is
 * 4.0:1 on a dark toast). A typed object rather than Notification.extend: importing Notification
 * would put it in the first page, while toasts load after it (ADR 540).
 */
const notificationDefaults: MantineThemeComponent = {
  defaultProps: {
    closeButtonProps: { 'aria-label': 'Close notification' },
  } satisfies Partial<NotificationProps>,
  styles: { description: { color: 'var(--mantine-color-text)' } },
};

/** A chosen file's clear button (an icon only) gets a name: axe button-name, critical (record quote). */
const fileInputDefaults: MantineThemeComponent = {
  defaultProps: { clearButtonProps: { 'aria-label': 'Remove the file' } } satisfies Partial<FileInputProps>,
};

/**
 * The brand green, darkened from Mantine's where text sits on it or it is text: white on shades 6-9
 * (filled buttons, badges; links and light variants use shade 6) is 5.4:1 and more, shade 6 on
 * shade 0 (an active navigation entry) 5.0:1, above WCAG AA's 4.5:1; Mantine's own green.6-9 give
 * 2.7-4.4:1. Shades 2-4 are light enough to be text on the dark scheme's surfaces (8.9:1 and up).
 */
const brandGreen: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#2f9443',
  '#267a36',
  '#226f31',
  '#1b5e2a',
  '#174f23',
];

const coolGray: MantineColorsTuple = [
  '#f8f9fb',
  '#f1f3f6',
  '#e5e8ee',
  '#d3d8e0',
  '#a9b1bd',
  '#7b8594',
  '#5c6675',
  '#444d5b',
  '#2e3440',
  '#1b1f27',
];

/** Portal theme. SPEC §9 UI. */
export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 7 },
  // Black or white text on filled colours, whichever reads (badges and buttons of any colour).
  autoContrast: true,
  // Dialogs, menus, popovers and toasts appear without their transition for those whose system
  // asks for reduced motion (WCAG 2.3.3; ADR 794), as the page transitions and animations do.
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  // Icon-only close buttons of every dialog, toast and file input get a name (axe button-name, critical).
  components: {
    Modal: modalDefaults,
    FileInput: fileInputDefaults,
    Notification: notificationDefaults,
  },
  colors: {
    green: brandGreen,
    gray: coolGray,
    'light-gray': colorsTuple('#f4f5f7'),
    'company-red': colorsTuple('#d7263d'),
    'rocket-white': colorsTuple('#ffffff'),
    'rocket-gray': colorsTuple('#6b7280'),
    'rocket-dark': colorsTuple('#111827'),
    'rocket-light-gray': colorsTuple('#e5e7eb'),
  },
});

/**
 * Filled orange and red buttons (Reset, Delete) carry white text: orange.7 is 3.2:1 and red.6 3.3:1
 * under it; these are 6.4:1 and 5.5:1. In each scheme's block: Mantine sets these per scheme, which
 * outranks the root block.
 */
const FILLED_UNDER_WHITE_TEXT = {
  '--mantine-color-orange-filled': '#a63c06',
  '--mantine-color-orange-filled-hover': '#8a3205',
  '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
  '--mantine-color-red-filled-hover': '#a61e1e',
};

/**
 * Contrast fixes Mantine's defaults miss (WCAG AA 4.5:1, checked by tests/e2e/accessibility.test.ts):
 * in the light scheme, the text of light-variant badges and buttons in orange, yellow, teal and
 * lime (shade 9 on shade 1 is 2.7-4.3:1; these are 5.4:1 and more), outline badges in grape,
 * violet, orange, teal and red (shade 6 on a selected row is 3.3-4.2:1), and red text such as a decline
 * message or a field's error (red.6 on white is 3.3:1, red.9 5.8:1); in the dark scheme, dimmed
 * text one step lighter (dark.2 is 4.0:1 on the dark surfaces, dark.1 6.6:1) and field errors in
 * red.4 (red.8 is 3.2:1 there); in both, filled orange and red under white text, and placeholders
 * (a file input's is text axe checks); and the focus ring's colour per scheme (ADR 750). Pass to
 * MantineProvider.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...FILLED_UNDER_WHITE_TEXT,
    // The focus ring (styles/focus-indicator.css, ADR 750): green.7, 6.2:1 on white.
    '--portal-focus-ring': 'var(--mantine-color-green-7)',
    '--mantine-color-orange-light-color': '#a63c06',
    '--mantine-color-yellow-light-color': '#7a4d00',
    '--mantine-color-teal-light-color': '#05614a',
    '--mantine-color-lime-light-color': '#3f6608',
    // Outline badges (a quote's Indicative, SOV, Manual and Bindable marks) sit on striped and
    // selected (blue-light) table rows too, where shade 6 is 3.3-4.2:1; these are 5.4:1 and more.
    '--mantine-color-grape-outline': 'var(--mantine-color-grape-8)',
    '--mantine-color-violet-outline': 'var(--mantine-color-violet-8)',
    '--mantine-color-orange-outline': '#a63c06',
    '--mantine-color-teal-outline': '#05614a',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // A file input's placeholder is real text (gray.5 is 3.8:1 on white; gray.6 is 5.9:1).
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {
    ...FILLED_UNDER_WHITE_TEXT,
    // green.4, 9.9:1 on the dark body (green.7, Mantine's ring colour, is 2.9:1 there).
    '--portal-focus-ring': 'var(--mantine-color-green-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});
