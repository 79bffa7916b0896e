/** The Mantine theme of SPEC §9: primary green, a cool gray and the spec's custom colours. */
import { colorsTuple, createTheme, type MantineColorsTuple } from '@mantine/core';

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
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  colors: {
    gray: coolGray,
    'light-gray': colorsTuple('#f4f5f7'),
    'company-red': colorsTuple('#d7263d'),
    'rocket-white': colorsTuple('#ffffff'),
    'rocket-gray': colorsTuple('#6b7280'),
    'rocket-dark': colorsTuple('#111827'),
    'rocket-light-gray': colorsTuple('#e5e7eb'),
  },
});
