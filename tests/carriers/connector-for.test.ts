import { describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { connectorFor } from '../../server/quoting/connector-for.ts';
import { launchTargets } from '../../server/quoting/launch-targets.ts';
import { sandboxConnector } from '../../server/quoting/sandbox-connector.ts';
import { contextFor, primaryDocument } from './sample-documents.ts';

describe('connectorFor', () => {
  it('returns the sandbox connector for "sandbox"', () => {
    expect(connectorFor('sandbox')).toBe(sandboxConnector);
    expect(connectorFor('sandbox').id).toBe('sandbox');
  });

  it('throws for an unknown id, and for manual and SOV carriers, which have their own launch calls', () => {
    expect(() => connectorFor('acme')).toThrow(new Error('Unknown connector acme'));
    expect(() => connectorFor('manual')).toThrow('Unknown connector manual');
    expect(() => connectorFor('sov')).toThrow('Unknown connector sov');
  });

  it('resolves the connector of every automatic launch target in every state', () => {
    const states = new Set(carriersFile.carriers.flatMap((carrier) => carrier.states));
    for (const state of states) {
      for (const product of ['Primary', 'Excess', 'Mobile', 'Commercial']) {
        for (const target of launchTargets({ ...primaryDocument, state }, contextFor(product))) {
          expect(connectorFor(target.connector).id).toBe(target.connector);
        }
      }
    }
  });
});
