/**
 * MGA management of companies (docs/api-accounts.md Companies): super-admins create, update,
 * change plans and approved states; super-admins and a company's admins set its logo.
 */
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import {
  type CompanyPatch,
  deleteLogo,
  findCompanyForUpdate,
  findCompanyWithExtras,
  insertCompany,
  listCompanies,
  updateCompany,
  upsertLogo,
} from '../repositories/companies-repository.ts';
import { COMPANY_NOT_FOUND, managedCompanyId, requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';
import { companyRecordView } from './company-view.ts';
import { findPlan } from './plans.ts';
import { checkStateCodes } from './state-codes.ts';

export const UNKNOWN_PLAN = 'Unknown plan.';
export const INVALID_LOGO = 'The logo is not a valid image.';

/** Largest logo accepted, in bytes (decoded). */
export const MAX_LOGO_BYTES = 512 * 1024;

/** Company fields a super-admin sets on create and update. */
export interface CompanyInput {
  name?: string;
  trial_ends_at?: string | null;
  is_trial_disabled?: boolean;
  has_active_subscription?: boolean;
  /** Areas added beyond the plan. */
  permissions?: string[];
  /** Areas taken away although the plan or `permissions` give them (ADR 764). */
  denied_permissions?: string[];
  approved_states?: string[];
  plan_id?: string | null;
}

function patchOf(input: CompanyInput): CompanyPatch {
  const patch: CompanyPatch = {};
  if (input.name !== undefined) patch.name = input.name.trim();
  if (input.trial_ends_at !== undefined) {
    const time = input.trial_ends_at === null ? null : Date.parse(input.trial_ends_at);
    if (time !== null && !Number.isFinite(time)) {
      throw new ApiError(422, 'trial_ends_at is not a valid date.', { trial_ends_at: 'is not a valid date' });
    }
    patch.trial_ends_at = time === null ? null : new Date(time);
  }
  if (input.is_trial_disabled !== undefined) patch.is_trial_disabled = input.is_trial_disabled;
  if (input.has_active_subscription !== undefined)
    patch.has_active_subscription = input.has_active_subscription;
  if (input.permissions !== undefined) patch.permissions = [...new Set(input.permissions)];
  if (input.denied_permissions !== undefined)
    patch.denied_permissions = [...new Set(input.denied_permissions)];
  if (input.approved_states !== undefined)
    patch.approved_states = checkStateCodes(input.approved_states, 'approved_states');
  if (input.plan_id !== undefined) {
    if (input.plan_id !== null && !findPlan(input.plan_id))
      throw new ApiError(422, UNKNOWN_PLAN, { plan_id: UNKNOWN_PLAN });
    patch.plan_id = input.plan_id;
  }
  return patch;
}

async function recordOf(db: Executor, companyId: number) {
  const entry = await findCompanyWithExtras(db, companyId);
  if (!entry) throw new ApiError(404, COMPANY_NOT_FOUND);
  return { company: companyRecordView(entry) };
}

/** Every company (super-admins only). */
export async function listAllCompanies(db: Executor, actor: Actor, search?: string) {
  requireRole(actor, ['super-admin']);
  return { companies: (await listCompanies(db, search)).map((entry) => companyRecordView(entry)) };
}

/** One company: super-admins any, admins their own (else 404). */
export async function getCompany(db: Executor, actor: Actor, companyId: number) {
  return recordOf(db, managedCompanyId(actor, companyId));
}

/** Creates a company (super-admins only). */
export async function createCompany(db: Executor, actor: Actor, input: CompanyInput & { name: string }) {
  requireRole(actor, ['super-admin']);
  const patch = patchOf(input);
  const id = await db.transaction(async (tx) =>
    insertCompany(tx, { ...patch, name: patch.name ?? input.name }),
  );
  return recordOf(db, id);
}

/** Updates a company (super-admins only); 404 'Company not found.'. */
export async function updateCompanyFields(
  db: Executor,
  actor: Actor,
  companyId: number,
  input: CompanyInput,
) {
  requireRole(actor, ['super-admin']);
  const patch = patchOf(input);
  await db.transaction(async (tx) => {
    if (!(await findCompanyForUpdate(tx, companyId))) throw new ApiError(404, COMPANY_NOT_FOUND);
    await updateCompany(tx, companyId, patch);
  });
  return recordOf(db, companyId);
}

/** Image signatures by content type: the first bytes every file of that type starts with. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  // SVG can carry script; it is served with its own CSP header (see the logo route).
  'image/svg+xml': (b) => /<svg[\s>]/i.test(b.subarray(0, 2048).toString('utf8')),
};

/**
 * Stores (or with null removes) a company's logo after checking base64, size and the image
 * signature of its content type; 422 INVALID_LOGO otherwise. Super-admins any, admins own.
 */
export async function setCompanyLogo(
  db: Executor,
  actor: Actor,
  companyId: number,
  logo: { content_base64: string; content_type: string } | null,
) {
  const id = managedCompanyId(actor, companyId);
  let normalized: string | null = null;
  if (logo) {
    const base64 = logo.content_base64.replace(/\s+/g, '');
    const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
    const check = SIGNATURES[logo.content_type];
    if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES || !check?.(bytes)) {
      throw new ApiError(422, INVALID_LOGO, { logo: INVALID_LOGO });
    }
    normalized = bytes.toString('base64');
  }
  await db.transaction(async (tx) => {
    if (!(await findCompanyForUpdate(tx, id))) throw new ApiError(404, COMPANY_NOT_FOUND);
    if (logo && normalized) await upsertLogo(tx, id, logo.content_type, normalized);
    else await deleteLogo(tx, id);
  });
  return recordOf(db, id);
}

/**
 * Sets a company's plan, leaving its subscription state as it is (that follows Stripe's events,
 * or a super-admin's companies/update). 422 UNKNOWN_PLAN, 404 COMPANY_NOT_FOUND.
 */
export async function changeCompanyPlan(db: Executor, companyId: number, planId: string) {
  if (!findPlan(planId)) throw new ApiError(422, UNKNOWN_PLAN, { plan_id: UNKNOWN_PLAN });
  await db.transaction(async (tx) => {
    if (!(await findCompanyForUpdate(tx, companyId))) throw new ApiError(404, COMPANY_NOT_FOUND);
    await updateCompany(tx, companyId, { plan_id: planId });
  });
  return recordOf(db, companyId);
}
