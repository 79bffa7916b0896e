/**
 * The stylesheets of the first page (issue 18, ADR 421): Mantine's base and the components the
 * sign-in pages, the error page and the loading bar use, in the order of Mantine's own styles.css
 * (the toasts' arrive with their container: components/toast-stack.tsx, ADR 540). Everything else arrives with the shell (all-styles.ts). A component added to a
 * sign-in page needs its file here: the login screenshot of the e2e journeys shows a missing one.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/nprogress/styles.css';
// The portal's own focus ring, after Mantine's rules (issue 46, ADR 750).
import './focus-indicator.css';
// Touch targets of at least 44 x 44 px on a phone (issue 40, ADR 766).
import './touch-targets.css';
