/**
 * The user management dialog of SPEC §2 Dialogs: create a user (role admin, agent or customer,
 * SPEC §6) or edit one; agents carry their licensed states. Super-admins choose the company. A new
 * user is invited by e-mail to choose their password (issue 16): nobody types one for them. A
 * plan's user limit is shown in the dialog with the plans page one click away (issue 20).
 */
import { Alert, Button, Group, Modal, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { CREATABLE_ROLES, type CreatableRole, ROLE_LABELS } from '../api/admin-roles.ts';
import type { CreateUserBody, UpdateUserBody, UserRecord } from '../api/users-api.ts';
import { createUser, updateUser } from '../api/users-api.ts';
import { PlanLimitAlert } from './plan-limit-alert.tsx';
import { StatesChecklist } from './states-checklist.tsx';

/** Props: open state, the user to edit (null creates), who is editing, the companies, close. */
export interface UserManagementDialogProps {
  opened: boolean;
  user: UserRecord | null;
  /** The signed-in user's id: their own role cannot change. */
  currentUserId: number | null;
  /** Companies to choose from when creating; given only to super-admins (admins: own company). */
  companies: { id: number; name: string }[] | null;
  /** Preselected company for a new user (the tab's company filter). */
  defaultCompanyId?: number | null;
  onClose: () => void;
}

/** The form's values. */
export interface UserFormValues {
  name: string;
  email: string;
  phone: string;
  role: CreatableRole | '';
  company_id: string;
  licensed_states: string[];
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The form's checks: name 2..100, a valid e-mail ('Invalid Email!', SPEC §5), a role, and a
 * company when a super-admin creates.
 */
export function validateUserForm(
  values: UserFormValues,
  mode: { creating: boolean; needsCompany: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name cannot be empty!';
  else if (name.length < 2 || name.length > 100) errors.name = 'Name must be 2 to 100 characters.';
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Invalid Email!';
  if (!values.role) errors.role = 'Role cannot be empty!';
  if (mode.creating && mode.needsCompany && !values.company_id) errors.company_id = 'Choose a company.';
  return errors;
}

/** The users/create body of `values` (licensed states only for agents; no password: an invitation). */
export function createUserBody(values: UserFormValues, needsCompany: boolean): CreateUserBody {
  const body: CreateUserBody = {
    name: values.name.trim(),
    email: values.email.trim(),
    role: values.role as CreatableRole,
  };
  if (needsCompany) body.company_id = Number(values.company_id);
  if (values.phone.trim()) body.phone = values.phone.trim();
  if (values.role === 'agent') body.licensed_states = values.licensed_states;
  return body;
}

/** The users/update body: only what differs from `user`. */
export function updateUserBody(user: UserRecord, values: UserFormValues): UpdateUserBody {
  const body: UpdateUserBody = { user_id: user.id };
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim() || null;
  if (name !== user.name) body.name = name;
  if (email !== user.email) body.email = email;
  if (phone !== (user.phone ?? null)) body.phone = phone;
  if (values.role && values.role !== user.role) body.role = values.role;
  if (values.role === 'agent') {
    const before = user.agent?.licensed_states ?? [];
    const same =
      before.length === values.licensed_states.length &&
      before.every((s, i) => s === values.licensed_states[i]);
    if (!same || user.role !== 'agent') body.licensed_states = values.licensed_states;
  }
  return body;
}

function initialValues(user: UserRecord | null, defaultCompanyId: number | null | undefined): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    role: user && user.role !== 'super-admin' ? user.role : user ? '' : 'agent',
    company_id: user?.company ? String(user.company.id) : defaultCompanyId ? String(defaultCompanyId) : '',
    licensed_states: user?.agent?.licensed_states ?? [],
  };
}

/** Modal form; saves with users/create or users/update and refreshes the users. */
export function UserManagementDialog({
  opened,
  user,
  currentUserId,
  companies,
  defaultCompanyId,
  onClose,
}: UserManagementDialogProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user, defaultCompanyId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const creating = user === null;
  const needsCompany = creating && companies !== null;
  const roleLocked = !creating && (user.id === currentUserId || user.role === 'super-admin');

  useEffect(() => {
    if (opened) {
      setValues(initialValues(user, defaultCompanyId));
      setErrors({});
    }
  }, [opened, user, defaultCompanyId]);

  const set = (patch: Partial<UserFormValues>) => setValues((prev) => ({ ...prev, ...patch }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next = validateUserForm(
      roleLocked && user ? { ...values, role: (user.role as CreatableRole) || 'admin' } : values,
      { creating, needsCompany },
    );
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const envelope = creating
      ? await createUser(createUserBody(values, needsCompany))
      : await updateUser(updateUserBody(user, roleLocked ? { ...values, role: '' } : values));
    setBusy(false);
    if (envelope.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      // The server says whether the invitation went out, and where.
      if (creating) showToast('success', 'User created', envelope.message);
      else showToast('success', 'Saved', envelope.message || 'User updated.');
      onClose();
      return;
    }
    setErrors(fieldErrors(envelope));
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={creating ? 'Create user' : 'Edit user'}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            label="Email"
            required
            type="email"
            value={values.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={errors.email}
          />
          <TextInput
            label="Phone"
            value={values.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
            error={errors.phone}
          />
          {creating ? (
            <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} p="xs">
              We e-mail an invitation to choose a password. The link works for 72 hours.
            </Alert>
          ) : null}
          {needsCompany ? (
            <NativeSelect
              label="Company"
              required
              value={values.company_id}
              onChange={(e) => set({ company_id: e.currentTarget.value })}
              error={errors.company_id}
              data={[
                { value: '', label: 'Choose a company' },
                ...(companies ?? []).map((c) => ({ value: String(c.id), label: c.name })),
              ]}
            />
          ) : null}
          {roleLocked ? null : (
            <Radio.Group
              label="Role"
              required
              value={values.role}
              onChange={(role) => set({ role: role as CreatableRole })}
              error={errors.role}
            >
              <Group mt="xs">
                {CREATABLE_ROLES.map((role) => (
                  <Radio key={role} value={role} label={ROLE_LABELS[role]} />
                ))}
              </Group>
            </Radio.Group>
          )}
          {values.role === 'agent' ? (
            <StatesChecklist
              label="Licensed states"
              value={values.licensed_states}
              onChange={(licensed_states) => set({ licensed_states })}
              error={errors.licensed_states}
            />
          ) : null}
          <PlanLimitAlert message={errors.plan} linkToPlans={!needsCompany} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {creating ? 'Create user' : 'Save user'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
