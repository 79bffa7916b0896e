/** The contact update dialog of SPEC §2 Dialogs: name, e-mail, phone of the signed-in user. */
import { TextInput } from '@mantine/core';
import { SettingsFormDialog } from '../../../components/settings-form-dialog.tsx';
import { emailError } from '../../../lib/email-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { type FormErrors, useSettingsForm } from '../../../lib/use-settings-form.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Props: open state, the current values, and close. */
export interface ContactUpdateDialogProps {
  opened: boolean;
  onClose: () => void;
  current: { name: string; email: string; phone: string | null };
}

/** Field checks of the dialog: name 2..100 characters, e-mail (SPEC §5), phone at least 14 characters when given (SPEC §5). */
export function contactErrors(values: { name: string; email: string; phone: string }): FormErrors {
  const errors: FormErrors = {};
  const name = values.name.trim();
  if (name.length < 2) errors.name = 'Name must be at least 2 characters.';
  else if (name.length > 100) errors.name = 'Name must be at most 100 characters.';
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (values.phone.trim() && values.phone.trim().length < 14) errors.phone = 'Invalid Phone number!';
  return errors;
}

/** Modal form; server field errors (409 e-mail taken, 400) show on their fields. */
export function ContactUpdateDialog({ opened, onClose, current }: ContactUpdateDialogProps) {
  const updateProfile = useUpdateProfile();
  const form = useSettingsForm({
    opened,
    source: `${current.name}\n${current.email}\n${current.phone ?? ''}`,
    initial: () => ({ name: current.name, email: current.email, phone: current.phone ?? '' }),
    validate: contactErrors,
    send: (values) =>
      updateProfile({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
      }),
    onSaved: () => {
      showToast('success', 'Profile', 'Contact details saved.');
      onClose();
    },
    refused: (envelope, fields) =>
      envelope.code === 409
        ? { email: fields.email ?? envelope.message }
        : { form: envelope.message || 'Internet issue or contact IT.' },
  });
  const { values, errors, set } = form;

  return (
    <SettingsFormDialog
      title="Update contact details"
      opened={opened}
      onClose={onClose}
      form={form}
      saveLabel="Save"
    >
      <TextInput
        label="Name"
        value={values.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
        required
      />
      <TextInput
        label="Email"
        type="email"
        value={values.email}
        onChange={(e) => set({ email: e.currentTarget.value })}
        error={errors.email}
        required
      />
      <TextInput
        label="Phone"
        placeholder="(555) 555-5555"
        value={values.phone}
        onChange={(e) => set({ phone: e.currentTarget.value })}
        error={errors.phone}
      />
    </SettingsFormDialog>
  );
}
