/**
 * The outcome of "Test connection" (issue 19): what the carrier answered (or why not), what to do
 * when the carrier refused the credentials (issue 43), and each request with its answer, as the
 * server sent them with secrets shown as ********.
 */
import { Alert, Code, Stack, Text } from '@mantine/core';
import type { CarrierConnectionTest } from '../api/carrier-connections-api.ts';

/** Shown under a test whose credentials the carrier refused (HTTP 401 or 403 after a token renewal). */
export const CREDENTIALS_REFUSED_HINT =
  'The carrier refused these credentials. Enter the ones it issued to your agency, save them and test again.';

/** One exchange as text: request line, headers and body, then the answer's status and text. */
export function exchangeText(exchange: CarrierConnectionTest['exchanges'][number]): string {
  const headers = Object.entries(exchange.headers).map(([name, value]) => `${name}: ${value}`);
  const request = [`${exchange.method} ${exchange.url}`, ...headers, '', exchange.body ?? ''].join('\n');
  const status = exchange.status === null ? 'No answer' : `HTTP ${exchange.status}`;
  return `${request}\n\n--- ${status}\n${exchange.answer}`;
}

/** An exchange with its 1-based number, which stays its key (the list never changes order). */
function numbered(exchange: CarrierConnectionTest['exchanges'][number], index: number) {
  return { exchange, number: index + 1 };
}

/** Props: the envelope message and the test. */
export function CarrierConnectionTestResult({
  message,
  test,
}: {
  message: string;
  test: CarrierConnectionTest;
}) {
  return (
    <Stack gap="xs">
      <Alert color={test.answer ? 'teal' : 'red'} variant="light" title={message}>
        {test.credentials_refused ? CREDENTIALS_REFUSED_HINT : null}
      </Alert>
      {test.exchanges.map(numbered).map(({ exchange, number }) => (
        <Stack gap={2} key={number}>
          <Text size="xs" fw={600}>
            Request {number}
          </Text>
          <Code
            block
            tabIndex={0}
            aria-label={`Request ${number} and its answer`}
            style={{ maxHeight: 220, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {exchangeText(exchange)}
          </Code>
        </Stack>
      ))}
    </Stack>
  );
}
