/** The change password dialog of SPEC §2 Dialogs: current password, new password and confirmation. */
import { NewPasswordFields, PasswordField } from '../../../components/password-field.tsx';
import { SettingsFormDialog } from '../../../components/settings-form-dialog.tsx';
import { newPasswordErrors } from '../../../lib/new-password-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
import { changePassword } from '../api/change-password.ts';

/** Props: open state and close. */
export interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
}

const EMPTY = { current_password: '', password: '', confirm: '' };

/** Modal form; a wrong current password shows on its field (422 error_obj.current_password). */
export function ChangePasswordDialog({ opened, onClose }: ChangePasswordDialogProps) {
  const form = useSettingsForm({
    opened,
    initial: () => EMPTY,
    validate: (values) => ({
      ...newPasswordErrors(values.password, values.confirm),
      ...(values.current_password ? {} : { current_password: 'Current password cannot be empty!' }),
    }),
    send: (values) => changePassword(values.current_password, values.password),
    onSaved: (envelope) => {
      showToast('success', 'Password', envelope.message || 'Password changed.');
      onClose();
    },
    refused: (envelope, fields) => ({
      form:
        fields.current_password || fields.password
          ? undefined
          : envelope.message || 'Internet issue or contact IT.',
    }),
  });
  const { values, errors, set } = form;

  return (
    <SettingsFormDialog
      title="Change password"
      opened={opened}
      onClose={onClose}
      form={form}
      saveLabel="Change password"
    >
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={(current_password) => set({ current_password })}
        error={errors.current_password}
        toggleName="current value"
      />
      <NewPasswordFields values={values} errors={errors} onChange={set} />
    </SettingsFormDialog>
  );
}
