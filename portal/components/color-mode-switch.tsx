/** Colour mode switch (light, dark, system), stored in localStorage by Mantine's manager. SPEC §9. */
import { SegmentedControl, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const OPTIONS = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'auto', label: 'System', Icon: IconDeviceDesktop },
] as const;

/** Three-way colour mode control with accessible labels and a native tooltip per option. */
export function ColorModeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Colour mode"
      value={colorScheme}
      onChange={(value) => setColorScheme(value as 'light' | 'dark' | 'auto')}
      data={OPTIONS.map(({ value, label, Icon }) => ({
        value,
        label: (
          // The browser's own tooltip: the first page then needs no positioning library (ADR 421).
          <span title={label} style={{ display: 'inline-flex' }}>
            <Icon size={16} aria-hidden />
            <VisuallyHidden>{label}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  );
}
