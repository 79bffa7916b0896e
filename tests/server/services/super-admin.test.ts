/**
 * The first super-admin of a production database (issue 39): the password rules of the API apply,
 * the common-password list of issue 38 included; nothing is written on a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../../server/auth/common-password.ts';
import { createSuperAdmin } from '../../../server/services/super-admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('createSuperAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a common password, a short one and a taken e-mail, writing nothing', async () => {
    const users = await t.count('users');
    expect(await createSuperAdmin(t.db, 'owner@agency.example', 'password1')).toEqual({
      created: false,
      problem: COMMON_PASSWORD_MESSAGE,
    });
    expect(await createSuperAdmin(t.db, 'owner@agency.example', 'short')).toEqual({
      created: false,
      problem: 'The password must be 8 to 200 characters long.',
    });
    expect(await createSuperAdmin(t.db, ' SuperAdmin@demo.test ', 'correct horse battery')).toEqual({
      created: false,
      problem: 'A user with the e-mail superadmin@demo.test already exists.',
    });
    expect(await t.count('users')).toBe(users);
  });

  it('creates a super-admin who signs in with the password given', async () => {
    const result = await createSuperAdmin(t.db, 'Owner@Agency.example', 'correct horse battery');
    expect(result.created).toBe(true);
    await expect(t.loginAs('owner@agency.example', 'correct horse battery')).resolves.toMatch(/./);
  });
});
