/**
 * Counts of the fuzz suite's bodies: per database and endpoint, how many were sent and how each
 * was answered (HTTP status -> count), and per kind of bad body; written as JSON for the record.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

interface EndpointCounts {
  bodies: number;
  answers: Record<string, number>;
}

export class FuzzReport {
  private readonly perDatabase: Record<string, Record<string, EndpointCounts>> = {};
  private readonly perKind: Record<string, Record<string, number>> = {};

  /** One body sent to `endpoint` on `database`, of bad-body kind `kind`, answered `status`. */
  record(database: string, endpoint: string, kind: string, status: number): void {
    this.perDatabase[database] ??= {};
    this.perDatabase[database][endpoint] ??= { bodies: 0, answers: {} };
    const counts = this.perDatabase[database][endpoint];
    counts.bodies++;
    counts.answers[status] = (counts.answers[status] ?? 0) + 1;
    this.perKind[kind] ??= {};
    const kinds = this.perKind[kind];
    kinds[status] = (kinds[status] ?? 0) + 1;
  }

  /** Bodies sent on `database`, or on every database when omitted. */
  total(database?: string): number {
    return Object.entries(this.perDatabase)
      .filter(([name]) => database === undefined || name === database)
      .flatMap(([, endpoints]) => Object.values(endpoints))
      .reduce((sum, counts) => sum + counts.bodies, 0);
  }

  /** Endpoints that got a body on `database`. */
  endpoints(database: string): number {
    return Object.keys(this.perDatabase[database] ?? {}).length;
  }

  /** Writes `{ total, answers_per_kind, bodies_per_endpoint }` to `path` (folders created). */
  write(path: string): void {
    mkdirSync(dirname(path), { recursive: true });
    const report = {
      total: this.total(),
      answers_per_kind: this.perKind,
      bodies_per_endpoint: this.perDatabase,
    };
    writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  }
}
