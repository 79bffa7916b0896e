/** The shell's top loading bar: 2 px, blue, red after an error. SPEC §4, §9. */
import { NavigationProgress } from '@mantine/nprogress';
import { SHELL_LOADING_BAR_HEIGHT_PX } from '../lib/constants.ts';
import { loadingBarStore, useLoadingBarFailed } from '../lib/loading-bar.ts';

/** Loading bar bound to lib/loading-bar's store (which steps so a run lasts about 2000 ms). */
export function ShellLoadingBar({ size = SHELL_LOADING_BAR_HEIGHT_PX }: { size?: number }) {
  const failed = useLoadingBarFailed();
  return (
    <NavigationProgress
      size={size}
      color={failed ? 'red' : 'blue'}
      store={loadingBarStore}
      aria-label="Page loading"
    />
  );
}
