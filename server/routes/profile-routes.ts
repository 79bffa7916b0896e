/** Profile calls of docs/api-accounts.md: every role, for their own account only. */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { updateProfile, updateUserSettings } from '../services/profile-service.ts';
import { updateProfileBodySchema, userSettingsBodySchema } from './account-request-schemas.ts';
import { sessionRoute } from './session-route.ts';

/** Registers profile/update and profile/update-settings. */
export async function profileRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const route = sessionRoute(app, db, 'profile');

  route('profile/update', updateProfileBodySchema, async (request) => {
    const body = request.body;
    return success('Profile updated.', await updateProfile(db, actorOf(request), body));
  });

  route('profile/update-settings', userSettingsBodySchema, async (request) => {
    const body = request.body;
    return success('Settings saved.', await updateUserSettings(db, actorOf(request), body.user_settings));
  });
}
