/**
 * CARRIER_CONNECTION_ORIGINS (issue 19): a deployment moves a connection to another host of the
 * same API (the carrier's test environment, a local fake), paths kept; anything else refuses to start.
 */
import { describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import {
  fileWithConnectionOrigins,
  parseConnectionOrigins,
} from '../../server/quoting/http/connection-origins.ts';

describe('parseConnectionOrigins', () => {
  it('reads <connection id>=<origin> pairs, empty when unset', () => {
    expect(parseConnectionOrigins(undefined, carriersFile)).toEqual({});
    expect(parseConnectionOrigins(' ', carriersFile)).toEqual({});
    expect(
      parseConnectionOrigins(
        'sample_api_key=https://uat.neptune.example, sample_oauth2=http://127.0.0.1:4100/',
        carriersFile,
      ),
    ).toEqual({ sample_api_key: 'https://uat.neptune.example', sample_oauth2: 'http://127.0.0.1:4100' });
  });

  it('refuses a malformed pair, an unknown connection, plain http off the machine and a path', () => {
    for (const [value, message] of [
      ['sample_api_key', 'is not <connection id>=<origin>'],
      ['nowhere=https://a.example', 'carriers.json has no connection nowhere'],
      ['sample_api_key=http://uat.neptune.example', 'is not an https origin'],
      ['sample_api_key=https://uat.neptune.example/v2', 'is not an https origin'],
      ['sample_api_key=not a url', 'is not an https origin'],
    ]) {
      expect(() => parseConnectionOrigins(value, carriersFile), value).toThrow(message);
    }
  });
});

describe('fileWithConnectionOrigins', () => {
  it('moves the endpoint and token URL of the named connections only, keeping their paths', () => {
    const moved = fileWithConnectionOrigins(carriersFile, { sample_oauth2: 'http://127.0.0.1:4100' });
    const before = carriersFile.connections ?? {};
    const after = moved.connections ?? {};
    expect(after.sample_oauth2?.endpoint).toBe(
      `http://127.0.0.1:4100${new URL(before.sample_oauth2?.endpoint ?? '').pathname}`,
    );
    const auth = after.sample_oauth2?.auth;
    expect(auth?.kind === 'oauth2_client_credentials' && new URL(auth.token_url).origin).toBe(
      'http://127.0.0.1:4100',
    );
    expect(after.sample_api_key).toBe(before.sample_api_key);
    expect(moved.carriers).toBe(carriersFile.carriers);
  });
});
