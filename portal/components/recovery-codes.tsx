/**
 * The recovery codes a call just issued (issue 38): turning on the authenticator app or adding a
 * first passkey (ADR 755) answers them once, and this shows them once, with the button that moves
 * on. The server keeps only their hashes.
 */
import { Alert, Button, Code, List, Stack } from '@mantine/core';

/** Props: the codes, and what follows once the user has saved them. */
export interface RecoveryCodesProps {
  codes: string[];
  onDone: () => void;
}

/** The codes, each in its own line, under a note that they are not shown again. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  return (
    <Stack gap="sm">
      <Alert color="green" title="Two-step sign-in is on">
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone or
        passkey. They are not shown again.
      </Alert>
      <List aria-label="Recovery codes" spacing={2} listStyleType="none">
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="sm">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Button onClick={onDone}>I have saved my recovery codes</Button>
    </Stack>
  );
}
