/**
 * The contact create/update dialog of SPEC §2 Dialogs (issue 20): the insured's contact (owned
 * type, business or first and last name, phone, e-mail) kept in the agency's book. From an
 * application without a contact it creates one, prefilled from the application's contact fields,
 * and links it (client_name_id); from an application that names one it edits that contact. The
 * fields are checked with the application's contact rules (SPEC §5: 'Invalid Phone number!',
 * 'Invalid Email!'), the server checking them again. docs/decisions/432-client-contacts.md.
 */
import { Alert, Button, Group, Loader, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import {
  type CompiledSchemaSet,
  type Doc,
  fieldLabel,
  isApplicable,
  messagesByField,
  type RuleContext,
  validateFieldGroup,
} from '../../../../engine/index.ts';
import ownedTypes from '../../../../schemas/constants/owned-types.json' with { type: 'json' };
import { ApiRequestError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import {
  type ContactFields,
  useClientContact,
  useCreateClientContact,
  useUpdateClientContact,
} from '../api/client-contacts.ts';

/** The schema set's field group of the contact fields (schemas/rules/field-groups.json). */
const CONTACT_GROUP = 'contact';
const TEXT_FIELDS = ['business_name', 'first_name', 'last_name', 'phone', 'email'] as const;
type Values = Record<keyof ContactFields, string>;
type Errors = Partial<Record<keyof ContactFields | 'form', string>>;

/** The contact fields of a document (or a stored contact) as the dialog's text values. */
export function contactValues(source: Doc | ContactFields): Values {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    owned_type: text(source.owned_type),
    business_name: text(source.business_name),
    first_name: text(source.first_name),
    last_name: text(source.last_name),
    phone: text(source.phone),
    email: text(source.email),
  };
}

/**
 * Field -> first message of the contact rules (SPEC §5) for `values` in the form of `ctx` as a
 * new application; {} when the schema set has no contact group (an application on a schema
 * version from before it: the server's check answers then).
 */
export function contactErrors(compiled: CompiledSchemaSet, values: Values, ctx: RuleContext): Errors {
  if (!compiled.set.field_groups?.[CONTACT_GROUP]) return {};
  return messagesByField(
    validateFieldGroup(compiled, CONTACT_GROUP, trimmed(values), { ...ctx, status: 'new' }),
  );
}

/** The filled values, trimmed; empty ones left out (as missing). */
function trimmed(values: Values): Doc {
  return Object.fromEntries(
    Object.entries(values)
      .map(([field, value]) => [field, value.trim()])
      .filter(([, value]) => value !== ''),
  );
}

/** What is sent: trimmed values, a field the rules hide (an individual's business name) empty. */
function contactFields(compiled: CompiledSchemaSet, values: Values, ctx: RuleContext): ContactFields {
  const doc = trimmed(values);
  const kept = (field: string) =>
    typeof doc[field] === 'string' && isApplicable(compiled, field, doc, { ...ctx, status: 'new' })
      ? (doc[field] as string)
      : null;
  return {
    // The form's Select offers the schema set's owned types, the values the server takes.
    owned_type: values.owned_type as ContactFields['owned_type'],
    business_name: kept('business_name'),
    first_name: kept('first_name'),
    last_name: kept('last_name'),
    phone: values.phone.trim(),
    email: values.email.trim(),
  };
}

export interface ClientContactDialogProps {
  opened: boolean;
  onClose: () => void;
  applicationId: number;
  /** The contact the application names (client_name_id), or null: the dialog creates one. */
  contactId: number | null;
  /** The application's contact fields, the starting values of a new contact. */
  doc: Doc;
  compiled: CompiledSchemaSet;
  ctx: RuleContext;
  /** After a save, with what was stored (the form takes the same values). */
  onSaved: (fields: ContactFields) => void;
}

/** Modal form of the application's client contact: create and link, or update. */
export function ClientContactDialog(props: ClientContactDialogProps) {
  const { opened, onClose, applicationId, contactId, doc, compiled, ctx, onSaved } = props;
  const existing = useClientContact(opened ? contactId : null);
  const create = useCreateClientContact(applicationId);
  const update = useUpdateClientContact(contactId ?? 0);
  const [values, setValues] = useState<Values>(() => contactValues(doc));
  const [errors, setErrors] = useState<Errors>({});
  const editing = contactId !== null;

  // Fresh values on each opening: the application's for a new contact, the stored contact's otherwise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening and when the contact arrives, not on each edit of the form behind
  useEffect(() => {
    if (!opened) return;
    setErrors({});
    if (!editing) setValues(contactValues(doc));
    else if (existing.data) setValues(contactValues(existing.data));
  }, [opened, editing, existing.data]);

  const label = (field: keyof ContactFields) => fieldLabel(compiled, field).label;
  const set = (field: keyof ContactFields) => (value: string) =>
    setValues((now) => ({ ...now, [field]: value }));
  const showsBusinessName = isApplicable(compiled, 'business_name', trimmed(values), {
    ...ctx,
    status: 'new',
  });
  const pending = create.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = contactErrors(compiled, values, ctx);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = contactFields(compiled, values, ctx);
    try {
      const { contact } = editing ? await update.mutateAsync(fields) : await create.mutateAsync(fields);
      showToast(
        'success',
        editing ? 'Contact saved' : 'Contact created',
        editing
          ? `${contact.name}'s contact is saved; this application shows it too.`
          : `${contact.name} is this application's client contact.`,
      );
      onSaved(fields);
      onClose();
    } catch (error) {
      const envelope = error instanceof ApiRequestError ? error.envelope : null;
      setErrors(
        envelope?.error_obj
          ? (envelope.error_obj as Errors)
          : { form: envelope?.message || 'Internet issue or contact IT.' },
      );
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Update client contact' : 'Create client contact'}
      centered
    >
      {editing && existing.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading the contact" />
        </Group>
      ) : editing && existing.isError ? (
        <Alert color="red" role="alert">
          The contact could not be read. Close and try again in a moment.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <Radio.Group
              label={label('owned_type')}
              value={values.owned_type}
              onChange={set('owned_type')}
              error={errors.owned_type}
              withAsterisk
            >
              <Group mt={4}>
                {ownedTypes.enum.map((ownedType) => (
                  <Radio key={ownedType} value={ownedType} label={ownedType} />
                ))}
              </Group>
            </Radio.Group>
            {TEXT_FIELDS.filter((field) => field !== 'business_name' || showsBusinessName).map((field) => (
              <TextInput
                key={field}
                label={label(field)}
                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                placeholder={field === 'phone' ? '(555) 555-5555' : undefined}
                value={values[field]}
                onChange={(e) => set(field)(e.currentTarget.value)}
                error={errors[field]}
                withAsterisk={field === 'phone' || field === 'email'}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                {editing ? 'Save contact' : 'Create contact'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
