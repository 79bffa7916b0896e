/**
 * Drizzle tables of the sign-in security of issue 38 (server/db/migrations/0049-sign-in-security.sql):
 * the sign-in throttle's failure counters and the second factors. Apart from schema.ts so the
 * tables of one concern read together.
 */
import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Failures per throttle key in a fixed window (docs/decisions/712-sign-in-throttle-in-the-database.md). */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  window_ends_at: at('window_ends_at').notNull(),
});

/** A user's TOTP secret (base32); `confirmed_at` null while enrolment is pending. */
export const userTotp = pgTable('user_totp', {
  user_id: integer('user_id').primaryKey(),
  secret: text('secret').notNull(),
  confirmed_at: at('confirmed_at'),
  /** The RFC 6238 time step of the last accepted code: no code is accepted twice. */
  last_time_step: bigint('last_time_step', { mode: 'number' }),
  created_at: at('created_at').notNull().defaultNow(),
});

/** One-time recovery codes by SHA-256. */
export const mfaRecoveryCodes = pgTable('mfa_recovery_codes', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull(),
  code_hash: text('code_hash').notNull(),
  used_at: at('used_at'),
});

/** The step between a right password and a session (the mfa_token, by SHA-256). */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: serial('id').primaryKey(),
  token_hash: text('token_hash').notNull().unique(),
  user_id: integer('user_id').notNull(),
  expires_at: at('expires_at').notNull(),
  used_at: at('used_at'),
  failures: integer('failures').notNull().default(0),
  client_address: text('client_address'),
  user_agent: text('user_agent'),
  created_at: at('created_at').notNull().defaultNow(),
});
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;

/**
 * The one-time code of a SAML return (migration 0061, ADR 748), by SHA-256: spent (deleted) by
 * auth/saml-sso-complete for a session; the session key never travels in the redirect.
 */
export const signInCodes = pgTable('sign_in_codes', {
  id: serial('id').primaryKey(),
  code_hash: text('code_hash').notNull().unique(),
  user_id: integer('user_id').notNull(),
  expires_at: at('expires_at').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});

/**
 * The WebAuthn challenge of a passkey registration or sign-in under way (migration 0063, ADR 754),
 * base64url as the options carried it; a sign-in's names its mfa_challenges row. Spent by deleting.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: serial('id').primaryKey(),
  challenge: text('challenge').notNull().unique(),
  user_id: integer('user_id').notNull(),
  ceremony: text('ceremony', { enum: ['registration', 'sign-in'] }).notNull(),
  mfa_challenge_id: integer('mfa_challenge_id'),
  expires_at: at('expires_at').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});

/** A user's passkeys (WebAuthn credentials), id and public key in base64url. */
export const webauthnCredentials = pgTable('webauthn_credentials', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull(),
  credential_id: text('credential_id').notNull().unique(),
  public_key: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  name: text('name').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});
