/**
 * Four eyes on the schema set (issue 37) on PGlite and PostgreSQL: with SCHEMA_PUBLISH_NEEDS_APPROVAL
 * on, a draft is not published until a super-admin other than its author approved it; the author's
 * own approval is refused; each approval and publish is in the version history with who and when.
 * With the setting off, the same draft publishes without approval.
 */

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schemaSet } from '../../schemas/schema-set.ts';
import {
  APPROVAL_NEEDED_MESSAGE,
  OWN_DRAFT_APPROVAL_MESSAGE,
  publishNeedsApproval,
} from '../../server/services/schema-approvals.ts';
import { readSettings } from '../../server/settings/settings.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('four eyes on schema publish on %s', (kind) => {
  let t: TestApp;
  let authorKey: string;
  let secondKey: string;

  const studio = (key: string, path: string, body: Record<string, unknown> = {}) =>
    t.post(`schema-studio/${path}`, { session_key: key, ...body });
  const draftBy = async (key: string, note: string) => {
    // The set as it is (a reworded message would need the cases that quote it reworded too).
    const set = structuredClone(schemaSet);
    const saved = await studio(key, 'save-draft', { schema_set: set, note });
    expect(saved.statusCode, saved.body.message).toBe(200);
    return saved.body.data.version as number;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.db.execute(sql`
      INSERT INTO users (email, name, role, password_hash, company_id)
      SELECT 'second-super@demo.test', 'Sue Second', 'super-admin', password_hash, company_id
      FROM users WHERE email = 'superadmin@demo.test'`);
    authorKey = await t.loginAs('superadmin@demo.test');
    secondKey = await t.loginAs('second-super@demo.test');
  });
  afterEach(() => {
    delete process.env.SCHEMA_PUBLISH_NEEDS_APPROVAL;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the setting: off unless true, and refuses anything but true or false', () => {
    expect(publishNeedsApproval()).toBe(false);
    process.env.SCHEMA_PUBLISH_NEEDS_APPROVAL = 'true';
    expect(publishNeedsApproval()).toBe(true);
    process.env.SCHEMA_PUBLISH_NEEDS_APPROVAL = 'false';
    expect(publishNeedsApproval()).toBe(false);
    expect(() => readSettings({ SCHEMA_PUBLISH_NEEDS_APPROVAL: 'yes' })).toThrow(
      /SCHEMA_PUBLISH_NEEDS_APPROVAL/,
    );
  });

  it('publishes only after a second super-admin approved, never on the author’s own approval', async () => {
    process.env.SCHEMA_PUBLISH_NEEDS_APPROVAL = 'true';
    const draft = await draftBy(authorKey, 'four eyes');
    const versionsBefore = await t.count('schema_versions');
    const early = await studio(authorKey, 'publish', { version: draft });
    expect([early.statusCode, early.body.message]).toEqual([409, APPROVAL_NEEDED_MESSAGE]);
    const own = await studio(authorKey, 'approve', { version: draft });
    expect([own.statusCode, own.body.message]).toEqual([403, OWN_DRAFT_APPROVAL_MESSAGE]);
    expect(await t.count('schema_version_events')).toBe(0);
    expect(await t.count('schema_versions')).toBe(versionsBefore);

    const approved = await studio(secondKey, 'approve', { version: draft });
    expect(approved.statusCode, approved.body.message).toBe(200);
    expect((await studio(secondKey, 'approve', { version: draft })).statusCode).toBe(409);
    const published = await studio(authorKey, 'publish', { version: draft });
    expect(published.statusCode, published.body.message).toBe(200);

    const history = (await studio(secondKey, 'version-history')).body.data;
    expect(history.approval_required).toBe(true);
    expect(history.events.map((e: Record<string, unknown>) => [e.action, e.version, e.user_name])).toEqual([
      ['publish', draft, 'Sam Super'],
      ['approve', draft, 'Sue Second'],
    ]);
    expect(history.events[0].published_version).toBe(published.body.data.version);
    expect(Date.parse(history.events[1].at)).toBeLessThanOrEqual(Date.parse(history.events[0].at));
    // A published draft is archived: approving it now is refused.
    expect((await studio(secondKey, 'approve', { version: draft })).statusCode).toBe(409);
  }, 120_000);

  it('publishes without approval when the setting is off', async () => {
    const draft = await draftBy(authorKey, 'one pair of eyes');
    const published = await studio(authorKey, 'publish', { version: draft });
    expect(published.statusCode, published.body.message).toBe(200);
    expect((await studio(authorKey, 'version-history')).body.data.approval_required).toBe(false);
  }, 120_000);
});
