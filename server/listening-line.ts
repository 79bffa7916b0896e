/**
 * The line server/start.ts prints once it listens: `MGA agent portal on http://localhost:<port> `
 * followed by the database and schema set version. Only the process that holds the port prints it,
 * so the suites that start a server process wait for it (tests/helpers/server-process.ts) rather
 * than for any answer on the port.
 */
export function listeningLine(port: number): string {
  return `MGA agent portal on http://localhost:${port} `;
}
