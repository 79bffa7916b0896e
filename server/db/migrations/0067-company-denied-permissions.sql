-- Issue 43, plans gate what they sell (docs/decisions/764-plans-gate-what-they-sell.md): a company's
-- own removals beside its own additions (`permissions`): the areas a super-admin takes away from one
-- company although its plan gives them. The access decision applies them after plan and additions.
ALTER TABLE companies ADD COLUMN denied_permissions jsonb NOT NULL DEFAULT '[]'::jsonb;
