/**
 * Drizzle table definitions mirroring server/db/migrations/*.sql (the SQL files are the source
 * of truth for the database; these give the repositories typed queries). Money is dollars.
 */
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import type { SchemaSet } from '../../engine/index.ts';
import type { PartnerScope } from '../auth/partner-scopes.ts';
import type { SovBuilding } from '../quoting/sov-building.ts';

/** PostgreSQL bytea as a Node Buffer (Drizzle 0.45 has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, node-postgres Buffer: one type for the repositories.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  trial_ends_at: timestamp('trial_ends_at', { withTimezone: true }),
  is_trial_disabled: boolean('is_trial_disabled').notNull().default(false),
  has_active_subscription: boolean('has_active_subscription').notNull().default(false),
  /** Areas the company has beyond its plan (access/access-areas.json permissions; ADR 320). */
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  /** Areas taken from the company although its plan or additions give them (migration 0067, ADR 764). */
  denied_permissions: jsonb('denied_permissions').$type<string[]>().notNull().default([]),
  /** The company's Stripe customer id (set by checkout.session.completed). */
  stripe_id: text('stripe_id'),
  /** The company's Stripe subscription id (migration 0019). */
  stripe_subscription_id: text('stripe_subscription_id'),
  /** Creation time of the last Stripe event that set the subscription state (migration 0019). */
  stripe_event_at: timestamp('stripe_event_at', { withTimezone: true }),
  eo_data: jsonb('eo_data').$type<EoData | null>(),
  approved_states: text('approved_states').array().notNull().default([]),
  plan_id: text('plan_id'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').$type<UserRole>().notNull(),
  password_hash: text('password_hash').notNull(),
  company_id: integer('company_id').references(() => companies.id),
  customer_id: integer('customer_id'),
  phone: text('phone'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  assigned_agent_id: integer('assigned_agent_id'),
  ...timestamps,
});

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  licensed_states: text('licensed_states').array().notNull().default([]),
});

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  key_hash: text('key_hash').notNull().unique(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  switched_from_session_id: integer('switched_from_session_id'),
  /** Last authenticated call, to the minute (the idle timeout counts from it); migration 0049. */
  last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** Client address and User-Agent at sign-in, for the owner's session list; migration 0049. */
  client_address: text('client_address'),
  user_agent: text('user_agent'),
});

export const companyLogos = pgTable('company_logos', {
  company_id: integer('company_id').primaryKey(),
  content_type: text('content_type').notNull(),
  content_base64: text('content_base64').notNull(),
  version: integer('version').notNull().default(1),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull(),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const apiCredentials = pgTable('api_credentials', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull(),
  name: text('name').notNull(),
  key_id: text('key_id').notNull().unique(),
  secret_hash: text('secret_hash').notNull().unique(),
  created_by: integer('created_by'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
  /** What the key may do as a partner (server/auth/partner-scopes.ts); migration 0020. */
  scopes: text('scopes').array().$type<PartnerScope[]>().notNull().default([]),
  rotated_at: timestamp('rotated_at', { withTimezone: true }),
});

export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  agent_id: integer('agent_id')
    .notNull()
    .references(() => agents.id),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  status: text('status').$type<ApplicationStatus>().notNull().default('new'),
  application_type: text('application_type').notNull().default('flood'),
  carrier_quote_type: jsonb('carrier_quote_type').$type<string[]>().notNull(),
  useable_details: jsonb('useable_details').$type<Record<string, unknown>>().notNull(),
  is_cross_sale: boolean('is_cross_sale').notNull().default(false),
  min_quote_amount: numeric('min_quote_amount', { precision: 14, scale: 2, mode: 'number' }),
  application_relaunch_count: integer('application_relaunch_count').notNull().default(0),
  application_source: text('application_source').notNull().default('Agent Portal'),
  ads_data: jsonb('ads_data').$type<{ starting_url: string | null; gclid: string | null } | null>(),
  client_name_id: text('client_name_id'),
  rocket_agent: text('rocket_agent'),
  searched_address: text('searched_address').notNull().default(''),
  client_name: text('client_name'),
  version: integer('version').notNull().default(1),
  /** The schema set version the document is validated against (schema_versions.version). */
  schema_version: integer('schema_version').notNull().default(1),
  ...timestamps,
  launched_at: timestamp('launched_at', { withTimezone: true }),
  /** The customer account whose application this is (migration 0018, issue 16 customer portal). */
  client_user_id: integer('client_user_id'),
});

/** A client contact of an agency's book (migration 0029, issue 20): named by applications.client_name_id. */
export const contacts = pgTable('contacts', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  agent_id: integer('agent_id').references(() => agents.id),
  owned_type: text('owned_type').notNull(),
  business_name: text('business_name'),
  first_name: text('first_name'),
  last_name: text('last_name'),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  ...timestamps,
});

export const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  application_id: integer('application_id')
    .notNull()
    .references(() => applications.id),
  payload: jsonb('payload').$type<NotePayload>().notNull(),
  ...timestamps,
});

export const quotes = pgTable('quotes', {
  id: serial('id').primaryKey(),
  application_id: integer('application_id')
    .notNull()
    .references(() => applications.id),
  carrier: text('carrier').notNull(),
  sub_carrier: text('sub_carrier'),
  display_name: text('display_name').notNull(),
  connector: text('connector').notNull(),
  status: text('status').$type<QuoteStatus>().notNull().default('pending'),
  premium: numeric('premium', { precision: 14, scale: 2, mode: 'number' }),
  coverages: jsonb('coverages').$type<Record<string, number | string>>().notNull().default({}),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  message: text('message'),
  indicative: boolean('indicative').notNull().default(true),
  /** The carrier's own id of a live quote (issue 19); null otherwise. */
  carrier_reference: text('carrier_reference'),
  /** https page of the carrier's portal that binds a live quote (issue 19); null otherwise. */
  bind_url: text('bind_url'),
  /**
   * True for a live quote whose carrier refused the company's credentials (HTTP 401 or 403; an
   * `error` quote), migration 0069, ADR 773; the carrier page's health reads it.
   */
  credentials_refused: boolean('credentials_refused').notNull().default(false),
  requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  answered_at: timestamp('answered_at', { withTimezone: true }),
  source: text('source').$type<QuoteSource>().notNull().default('automatic'),
  /** carriers.json quoteManagerId of a `sov` quote's carrier; null otherwise. */
  quote_manager_id: text('quote_manager_id'),
  document_id: integer('document_id').references(() => files.id),
});

/** Documents attached to quotes (a manual quote's PDF), stored in the database. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  application_id: integer('application_id')
    .notNull()
    .references(() => applications.id),
  name: text('name').notNull(),
  content_type: text('content_type').notNull(),
  size_bytes: integer('size_bytes').notNull(),
  content: bytea('content').notNull(),
  uploaded_by: integer('uploaded_by').references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A statement of values per application and SOV quote manager (issue 3 sov-quote page). */
export const statementsOfValues = pgTable('statements_of_values', {
  id: serial('id').primaryKey(),
  application_id: integer('application_id')
    .notNull()
    .references(() => applications.id),
  quote_manager_id: text('quote_manager_id').notNull(),
  buildings: jsonb('buildings').$type<SovBuilding[]>().notNull(),
  submitted_by: integer('submitted_by').references(() => users.id),
  ...timestamps,
});

export const quoteJobs = pgTable('quote_jobs', {
  id: serial('id').primaryKey(),
  application_id: integer('application_id')
    .notNull()
    .references(() => applications.id),
  quote_id: integer('quote_id')
    .notNull()
    .references(() => quotes.id),
  status: text('status').$type<'queued' | 'running' | 'done'>().notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  run_after: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
  locked_until: timestamp('locked_until', { withTimezone: true }),
  locked_by: text('locked_by'),
  /** The request that enqueued it (issue 39, migration 0060), or null. */
  request_id: text('request_id'),
  last_error: text('last_error'),
  ...timestamps,
});

/** Status of a row of `jobs`: waiting (or waiting to retry), held by a worker, or finished. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * A background job of any kind (0006-jobs.sql, docs/decisions/109-one-job-mechanism.md): `payload`,
 * `progress` and `result` are the kind's own JSON objects; `dedupe_key` makes enqueueing idempotent.
 */
export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  company_id: integer('company_id').references(() => companies.id),
  dedupe_key: text('dedupe_key').unique(),
  status: text('status').$type<JobStatus>().notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  max_attempts: integer('max_attempts').notNull().default(5),
  run_after: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
  locked_until: timestamp('locked_until', { withTimezone: true }),
  locked_by: text('locked_by'),
  progress: jsonb('progress').$type<Record<string, unknown>>(),
  result: jsonb('result').$type<Record<string, unknown>>(),
  last_error: text('last_error'),
  /** The request that enqueued it (issue 39, migration 0060), or null. */
  request_id: text('request_id'),
  ...timestamps,
});

/** A company's E&O coverage (SPEC §1, §3 eo_data): expiry `YYYY-MM-DD`, limit in dollars. */
export interface EoData {
  carrier?: string | null;
  policy_number?: string | null;
  expiry?: string | null;
  limit?: number | null;
}

export type UserRole = 'super-admin' | 'admin' | 'agent' | 'customer';
export type ApplicationStatus = 'new' | 'launched' | 'completed';
export type QuoteStatus = 'pending' | 'quoted' | 'declined' | 'error' | 'timeout';
/** Where a quote comes from: a connector, a statement of values, or staff. docs/api.md issue 3. */
export type QuoteSource = 'automatic' | 'sov' | 'manual';

/** A note's payload as SPEC §3 Note names it. */
export interface NotePayload {
  is_alert: boolean;
  is_active: boolean;
  sent_by: string;
  status: string;
  message: string;
}

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
export type NoteRow = typeof notes.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteJobRow = typeof quoteJobs.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type StatementOfValuesRow = typeof statementsOfValues.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApiCredentialRow = typeof apiCredentials.$inferSelect;

/** A stored schema set (issue 10 part 3): the whole SchemaSet as JSON, published ones immutable. */
export const schemaVersions = pgTable('schema_versions', {
  version: integer('version').primaryKey(),
  status: text('status').$type<'draft' | 'published' | 'archived'>().notNull(),
  schema_set: json('schema_set').$type<SchemaSet>().notNull(),
  content_hash: text('content_hash').notNull(),
  note: text('note').notNull().default(''),
  author_user_id: integer('author_user_id').references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  published_at: timestamp('published_at', { withTimezone: true }),
});

export type SchemaVersionRow = typeof schemaVersions.$inferSelect;

/** Saved test documents of the schema studio (issue 11; migration 0008). */
export const schemaTestDocuments = pgTable('schema_test_documents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  context: json('context').$type<Record<string, string>>().notNull(),
  document: json('document').$type<Record<string, unknown>>().notNull(),
  author_user_id: integer('author_user_id').references(() => users.id),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SchemaTestDocumentRow = typeof schemaTestDocuments.$inferSelect;

/** Commission rates per company, carrier (sub-carrier '' = the whole carrier) and product, in percent (issue 12; migration 0009). */
export const commissionRates = pgTable('commission_rates', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  carrier: text('carrier').notNull(),
  sub_carrier: text('sub_carrier').notNull().default(''),
  product: text('product').notNull(),
  new_business_percent: numeric('new_business_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  renewal_percent: numeric('renewal_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  updated_by: integer('updated_by').references(() => users.id),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CommissionRateRow = typeof commissionRates.$inferSelect;

/** Policies bound from a quoted carrier, the lines of commission statements (issue 12; migration 0009). Money in cents. */
export const boundPolicies = pgTable('bound_policies', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  agent_id: integer('agent_id')
    .notNull()
    .references(() => agents.id),
  application_id: integer('application_id').references(() => applications.id),
  quote_id: integer('quote_id').references(() => quotes.id),
  reference: text('reference').notNull(),
  client_name: text('client_name').notNull().default(''),
  carrier: text('carrier').notNull(),
  sub_carrier: text('sub_carrier').notNull().default(''),
  carrier_name: text('carrier_name').notNull(),
  product: text('product').notNull(),
  business: text('business').$type<'new' | 'renewal'>().notNull(),
  policy_number: text('policy_number').notNull(),
  effective_date: date('effective_date', { mode: 'string' }).notNull(),
  premium_cents: bigint('premium_cents', { mode: 'number' }).notNull(),
  bound_by: integer('bound_by').references(() => users.id),
  bound_at: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  paid_at: timestamp('paid_at', { withTimezone: true }),
  paid_by: integer('paid_by').references(() => users.id),
  paid_rate_percent: numeric('paid_rate_percent', { precision: 5, scale: 2, mode: 'number' }),
  paid_commission_cents: bigint('paid_commission_cents', { mode: 'number' }),
});

export type BoundPolicyRow = typeof boundPolicies.$inferSelect;

/** Carrier documents and training videos, of a company or (company_id null) of all (issue 15; migration 0010). */
export const resources = pgTable('resources', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').references(() => companies.id),
  kind: text('kind').$type<'carrier_document' | 'training_video'>().notNull(),
  carrier: text('carrier'),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default(''),
  url: text('url'),
  file_name: text('file_name'),
  content_type: text('content_type'),
  content: bytea('content'),
  video_file_id: integer('video_file_id').references(() => videoFiles.id),
  created_by: integer('created_by').references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ResourceRow = typeof resources.$inferSelect;

/**
 * An uploaded training video (0017-video-files.sql, issue 15): its bytes are the rows of
 * video_file_chunks, `chunk_bytes` each but the last; `complete` once the last one is stored.
 * docs/decisions/260-uploaded-training-videos.md.
 */
export const videoFiles = pgTable('video_files', {
  id: serial('id').primaryKey(),
  uploaded_by: integer('uploaded_by').references(() => users.id),
  file_name: text('file_name').notNull(),
  content_type: text('content_type').$type<'video/mp4' | 'video/webm'>().notNull(),
  chunk_bytes: integer('chunk_bytes').notNull(),
  size_bytes: integer('size_bytes').notNull().default(0),
  complete: boolean('complete').notNull().default(false),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type VideoFileRow = typeof videoFiles.$inferSelect;

/** One chunk of an uploaded video: bytes `seq * chunk_bytes` onwards (0017-video-files.sql). */
export const videoFileChunks = pgTable(
  'video_file_chunks',
  {
    video_file_id: integer('video_file_id')
      .notNull()
      .references(() => videoFiles.id),
    seq: integer('seq').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.video_file_id, table.seq] })],
);

/** What each user opened and how far a video was watched (issue 15; migration 0010). */
export const resourceViews = pgTable('resource_views', {
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  resource_id: integer('resource_id')
    .notNull()
    .references(() => resources.id),
  seconds_watched: integer('seconds_watched').notNull().default(0),
  completed: boolean('completed').notNull().default(false),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BulkUploadStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * An uploaded bulk file (0011-bulk-upload.sql, issue 13): its bytes, headers, column index -> field
 * mapping, product and the import's counters; `rows_read` is the durable cursor of the import job.
 * docs/decisions/190-bulk-upload-file-and-rows.md.
 */
export const bulkUploads = pgTable('bulk_uploads', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  agent_id: integer('agent_id')
    .notNull()
    .references(() => agents.id),
  user_id: integer('user_id').references(() => users.id),
  file_name: text('file_name').notNull(),
  file_kind: text('file_kind').$type<'csv' | 'xlsx'>().notNull(),
  file_hash: text('file_hash').notNull(),
  content: bytea('content').notNull(),
  headers: jsonb('headers').$type<string[]>().notNull(),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  product: text('product').notNull(),
  launch_valid: boolean('launch_valid').notNull().default(false),
  status: text('status').$type<BulkUploadStatus>().notNull().default('queued'),
  rows_total: integer('rows_total').notNull(),
  rows_read: integer('rows_read').notNull().default(0),
  rows_created: integer('rows_created').notNull().default(0),
  rows_refused: integer('rows_refused').notNull().default(0),
  job_id: integer('job_id').references(() => jobs.id),
  ...timestamps,
  finished_at: timestamp('finished_at', { withTimezone: true }),
});

/** A settled data row of a bulk file: the application it created, or its messages and original cells. */
export const bulkUploadRows = pgTable(
  'bulk_upload_rows',
  {
    upload_id: integer('upload_id')
      .notNull()
      .references(() => bulkUploads.id),
    row_number: integer('row_number').notNull(),
    application_id: integer('application_id').references(() => applications.id),
    messages: json('messages').$type<Record<string, string>>(),
    cells: jsonb('cells').$type<string[]>(),
  },
  (table) => [primaryKey({ columns: [table.upload_id, table.row_number] })],
);

/** The field a company mapped a (normalized) header to, proposed first for its next file. */
export const bulkUploadMappings = pgTable(
  'bulk_upload_mappings',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    header_key: text('header_key').notNull(),
    field: text('field').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.company_id, table.header_key] })],
);

export type BulkUploadRow = typeof bulkUploads.$inferSelect;
export type BulkUploadDataRow = typeof bulkUploadRows.$inferSelect;

/** A fit of the price predictor's model (issue 15; migration 0014): `model` is a PriceModel. */
export const priceModels = pgTable('price_models', {
  id: serial('id').primaryKey(),
  fitted_at: timestamp('fitted_at', { withTimezone: true }).notNull().defaultNow(),
  quote_count: integer('quote_count').notNull(),
  application_count: integer('application_count').notNull(),
  model: jsonb('model').$type<Record<string, unknown>>().notNull(),
});

export type PriceModelRow = typeof priceModels.$inferSelect;
/** A texting conversation (0012-texting.sql, issue 14): a company's thread with one client phone (E.164). */
export const textConversations = pgTable('text_conversations', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  client_phone: text('client_phone').notNull(),
  application_id: integer('application_id').references(() => applications.id),
  last_message_at: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TextConversationRow = typeof textConversations.$inferSelect;

export type TextDirection = 'inbound' | 'outbound';
/** `received` for inbound; outbound follows the provider: queued/sending/sent/delivered, or undelivered/failed. */
export type TextStatus = 'received' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

/** A text message of a conversation, either direction; `read_at` marks an inbound one read. */
export const textMessages = pgTable('text_messages', {
  id: serial('id').primaryKey(),
  conversation_id: integer('conversation_id')
    .notNull()
    .references(() => textConversations.id),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  direction: text('direction').$type<TextDirection>().notNull(),
  body: text('body').notNull(),
  status: text('status').$type<TextStatus>().notNull(),
  provider: text('provider').$type<'twilio' | 'sink'>().notNull(),
  provider_message_id: text('provider_message_id'),
  error: text('error'),
  sent_by: integer('sent_by').references(() => users.id),
  read_at: timestamp('read_at', { withTimezone: true }),
  ...timestamps,
});

export type TextMessageRow = typeof textMessages.$inferSelect;

/** What became of one webhook attempt (docs/decisions/223-webhook-delivery-log.md). */
export type WebhookOutcome = 'sending' | 'delivered' | 'retrying' | 'failed' | 'refused' | 'interrupted';
/** The events a company's customer quotes webhook receives: completed quotes, or the console's test. */
export type WebhookEvent = 'quotes.completed' | 'test';

/** One attempt to POST a company's customer quotes webhook (migration 0013, issue 14). */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  job_id: integer('job_id').references(() => jobs.id),
  /** No foreign key: the log outlives a deleted application. */
  application_id: integer('application_id'),
  event: text('event').$type<WebhookEvent>().notNull(),
  /** Shared by every attempt of one delivery; sent as X-Portal-Delivery for receivers to dedupe. */
  delivery_id: text('delivery_id').notNull(),
  attempt: integer('attempt').notNull(),
  url: text('url').notNull(),
  outcome: text('outcome').$type<WebhookOutcome>().notNull().default('sending'),
  status_code: integer('status_code'),
  duration_ms: integer('duration_ms'),
  error: text('error'),
  response_excerpt: text('response_excerpt'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finished_at: timestamp('finished_at', { withTimezone: true }),
});

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The outbox's two channels and two outcomes (migration 0066, issue 43). */
export type OutboxChannel = 'email' | 'sms';
export type OutboxStatus = 'sent' | 'failed';

/**
 * A message the agency sent a client, with its outcome (migration 0066, issue 43;
 * docs/decisions/763-outbox-of-customer-messages.md): the attachment is kept only while failed.
 */
export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  /** No foreign key: the log outlives a deleted application. */
  application_id: integer('application_id'),
  channel: text('channel').$type<OutboxChannel>().notNull(),
  template_key: text('template_key').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  attachment_name: text('attachment_name'),
  attachment_type: text('attachment_type'),
  attachment: bytea('attachment'),
  status: text('status').$type<OutboxStatus>().notNull(),
  error: text('error'),
  attempts: integer('attempts').notNull().default(1),
  triggered_by: integer('triggered_by').references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sent_at: timestamp('sent_at', { withTimezone: true }),
});

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/**
 * A property data provider's answer for one job and normalised address (issue 15; migration 0015,
 * and 0065 for the jobs of issue 40); `answer` null = the provider found nothing.
 */
export const propertyDataCache = pgTable(
  'property_data_cache',
  {
    provider: text('provider').notNull(),
    job: text('job').notNull(),
    address_key: text('address_key').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown> | null>(),
    fetched_at: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.job, table.address_key] })],
);

export type PropertyDataCacheRow = typeof propertyDataCache.$inferSelect;

/** A Stripe webhook event applied once (issue 16; migration 0019): replays find their id here. */
/** Secrets the server signs links with, one per purpose (migration 0030, ADR 440). */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  company_id: integer('company_id').references(() => companies.id),
  received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reporting roll-up (migration 0031, ADR 500): applications per bucket of (UTC hour of created_at,
 * company, product, status, source), kept current by triggers on applications. `hour` is the UTC
 * wall time of the hour's start; `product` is carrier_quote_type[0], '' when there is none.
 * Every bucket is also kept under company_id 0, every company (migration 0032, ADR 530), and split
 * into up to 16 shards by application id (migration 0070, ADR 774): readers sum and take the min.
 */
export const reportHours = pgTable(
  'report_hours',
  {
    hour: timestamp('hour', { mode: 'string' }).notNull(),
    company_id: integer('company_id').notNull(),
    product: text('product').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    source: text('source').notNull(),
    /** report_shard(application id), 0-15: launches of one bucket upsert different rows (migration 0070). */
    shard: smallint('shard').notNull(),
    applications: integer('applications').notNull(),
    launched: integer('launched').notNull(),
    lowest_premium: numeric('lowest_premium', { precision: 14, scale: 2, mode: 'number' }),
  },
  (table) => [
    primaryKey({
      columns: [table.hour, table.company_id, table.product, table.status, table.source, table.shard],
    }),
  ],
);

/**
 * Reporting roll-up (migration 0031, ADR 500): the quotes of each report_hours bucket's
 * applications per carrier, asked / quoted / declined, kept current by triggers on quotes and
 * applications; per declining reason since migration 0032 (ADR 530): `reason` is a declined
 * quote's message, trimmed ('No reason given' when empty), '' for the quotes not declined.
 */
export const reportCarrierHours = pgTable(
  'report_carrier_hours',
  {
    hour: timestamp('hour', { mode: 'string' }).notNull(),
    company_id: integer('company_id').notNull(),
    product: text('product').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    source: text('source').notNull(),
    carrier: text('carrier').notNull(),
    reason: text('reason').notNull(),
    /** Application id mod 16 (migration 0057, ADR 726): answers of different applications upsert different rows. */
    shard: smallint('shard').notNull(),
    asked: integer('asked').notNull(),
    quoted: integer('quoted').notNull(),
    declined: integer('declined').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.hour,
        table.company_id,
        table.product,
        table.status,
        table.source,
        table.carrier,
        table.reason,
        table.shard,
      ],
    }),
  ],
);

/**
 * Reporting roll-up (migration 0032, ADR 530): per report_hours bucket, flood zone
 * (useable_details.flood_zone, 'Unknown' when not given) and exact lowest premium (dollars), how
 * many applications have that premium; the medians are read from the cumulative counts.
 */
export const reportPremiumHours = pgTable(
  'report_premium_hours',
  {
    hour: timestamp('hour', { mode: 'string' }).notNull(),
    company_id: integer('company_id').notNull(),
    product: text('product').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    source: text('source').notNull(),
    flood_zone: text('flood_zone').notNull(),
    premium: numeric('premium', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    applications: integer('applications').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.hour,
        table.company_id,
        table.product,
        table.status,
        table.source,
        table.flood_zone,
        table.premium,
      ],
    }),
  ],
);

/**
 * Reporting roll-up (migration 0032, ADR 530): per report_hours bucket and carrier, how many
 * (application, carrier) pairs have these exact seconds from the first request to the first
 * answer (`first_seconds`, null when none answered) and to the last answer (`all_seconds`, null
 * while one is pending); the medians of the time to quotes are read from the cumulative counts.
 */
export const reportQuoteTimeHours = pgTable('report_quote_time_hours', {
  hour: timestamp('hour', { mode: 'string' }).notNull(),
  company_id: integer('company_id').notNull(),
  product: text('product').notNull(),
  status: text('status').$type<ApplicationStatus>().notNull(),
  source: text('source').notNull(),
  carrier: text('carrier').notNull(),
  first_seconds: numeric('first_seconds'),
  all_seconds: numeric('all_seconds'),
  /** Application id mod 16 (migration 0057, ADR 726), as in report_carrier_hours. */
  shard: smallint('shard').notNull(),
  pairs: integer('pairs').notNull(),
});

/**
 * Reporting roll-up (migration 0034, ADR 580): report_quote_time_hours summed per UTC day (`day`,
 * midnight UTC), so a range's whole UTC days are read here and only its edge hours by the hour.
 */
export const reportQuoteTimeDays = pgTable('report_quote_time_days', {
  day: timestamp('day', { mode: 'string' }).notNull(),
  company_id: integer('company_id').notNull(),
  product: text('product').notNull(),
  status: text('status').$type<ApplicationStatus>().notNull(),
  source: text('source').notNull(),
  carrier: text('carrier').notNull(),
  first_seconds: numeric('first_seconds'),
  all_seconds: numeric('all_seconds'),
  /** Application id mod 16 (migration 0057, ADR 726), as in report_carrier_hours. */
  shard: smallint('shard').notNull(),
  pairs: integer('pairs').notNull(),
});

/**
 * One audited action (migration 0053, issue 38; docs/decisions/719-append-only-audit-trail.md):
 * append-only (a trigger refuses UPDATE and DELETE except the retention purge); written only by
 * server/audit/record-audit-event.ts.
 */
export const auditEvents = pgTable('audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  action: text('action').notNull(),
  /** The person: the user who signed in (the root of a switched session); null when unknown. */
  actor_user_id: integer('actor_user_id'),
  /** Whom the person acted as (differs from actor_user_id inside a switched session). */
  acting_as_user_id: integer('acting_as_user_id'),
  /** The agency whose trail shows the event; null for events of no agency. */
  company_id: integer('company_id'),
  target_type: text('target_type'),
  target_id: text('target_id'),
  client_address: text('client_address'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
});

export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * Who published, approved and rolled back which schema version, and when (migration 0046, issue 37
 * "Four eyes"; docs/decisions/706-four-eyes-on-schema-publish.md). Append-only.
 */
export const schemaVersionEvents = pgTable('schema_version_events', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull(),
  action: text('action').$type<SchemaVersionAction>().notNull(),
  user_id: integer('user_id').notNull(),
  published_version: integer('published_version'),
  accepted_impact: boolean('accepted_impact').notNull().default(false),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a schema_version_events row records. */
export type SchemaVersionAction = 'publish' | 'approve' | 'roll-back';

/**
 * The carrier catalogue's versions (migration 0068, issue 43; docs/decisions/772): the whole carriers
 * document per version, who published it, when and why. The highest is the one quoted with.
 */
export const carrierCatalogVersions = pgTable('carrier_catalog_versions', {
  version: integer('version').primaryKey(),
  catalogue: json('catalogue').$type<CarriersFile>().notNull(),
  note: text('note').notNull().default(''),
  created_by: integer('created_by').references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CarrierCatalogVersionRow = typeof carrierCatalogVersions.$inferSelect;

/**
 * Every carrier connection test (migration 0068): the connection definition tried (sha256 of its
 * JSON), whose credentials, by whom, and whether the carrier answered a quote or a decline
 * (`passed`) or refused the credentials (HTTP 401 or 403).
 */
export const carrierConnectionTests = pgTable('carrier_connection_tests', {
  id: serial('id').primaryKey(),
  connection_id: text('connection_id').notNull(),
  definition_hash: text('definition_hash').notNull(),
  company_id: integer('company_id').notNull(),
  tested_by: integer('tested_by').notNull(),
  passed: boolean('passed').notNull(),
  credentials_refused: boolean('credentials_refused').notNull(),
  outcome: text('outcome').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
