/** The contact update dialog of SPEC §2 Dialogs: name, e-mail, phone of the signed-in user. */
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { emailError } from '../../../lib/email-error.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Props: open state, the current values, and close. */
export interface ContactUpdateDialogProps {
  opened: boolean;
  onClose: () => void;
  current: { name: string; email: string; phone: string | null };
}

type Errors = { name?: string; email?: string; phone?: string; form?: string };

/** Field checks of the dialog: name 2..100 characters, e-mail (SPEC §5), phone at least 14 characters when given (SPEC §5). */
export function contactErrors(values: { name: string; email: string; phone: string }): Errors {
  const errors: Errors = {};
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
  const [values, setValues] = useState({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useUpdateProfile();

  useEffect(() => {
    if (opened) {
      setValues({ name: current.name, email: current.email, phone: current.phone ?? '' });
      setErrors({});
    }
  }, [opened, current.name, current.email, current.phone]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = contactErrors(values);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await mutation.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
      });
      showToast('success', 'Profile', 'Contact details saved.');
      onClose();
    } catch (error) {
      const envelope = error instanceof ApiRequestError ? error.envelope : null;
      const fields = envelope?.error_obj ?? {};
      setErrors({
        name: fields.name ?? fields['body.name'],
        email:
          fields.email ?? fields['body.email'] ?? (envelope?.code === 409 ? envelope.message : undefined),
        phone: fields.phone ?? fields['body.phone'],
        form: envelope?.code === 409 ? undefined : envelope?.message || 'Internet issue or contact IT.',
      });
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Update contact details" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput
            label="Name"
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            error={errors.name}
            required
          />
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
            error={errors.email}
            required
          />
          <TextInput
            label="Phone"
            placeholder="(555) 555-5555"
            value={values.phone}
            onChange={(e) => setValues({ ...values, phone: e.currentTarget.value })}
            error={errors.phone}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
