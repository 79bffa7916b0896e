/**
 * /dashboard/schema-studio (issue 11): two tabs. Versions: the versions of the forms and rules with
 * who made them and when, what each changed in words against any other version, and for
 * super-admins publishing a draft (refused with every problem while the lint and rule harness find
 * any) and rolling back to an earlier version. Editor: the current version's working copy with its
 * editors, live preview and test bench (schema-editor.tsx), saved as a draft. Admins look; others
 * see the no-access state.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { showToast } from '../../../lib/toast.ts';
import { canManageCompanies } from '../../admin/api/admin-roles.ts';
import { AdminAccessGate } from '../../admin/components/admin-access-gate.tsx';
import { EmptyState } from '../../admin/components/empty-state.tsx';
import { TableSkeleton } from '../../admin/components/table-skeleton.tsx';
import { approveDraft, type ImpactReport, useVersionHistory } from '../api/schema-impact-api.ts';
import {
  publishDraft,
  rollBackTo,
  type SchemaSetProblem,
  type SchemaVersionSummary,
  useSchemaVersion,
  useSchemaVersions,
} from '../api/schema-studio-api.ts';
import { DraftImpact } from './draft-impact.tsx';
import { SchemaEditor } from './schema-editor.tsx';
import { VersionHistoryCard } from './version-history-card.tsx';

const STATUS_COLORS = { published: 'green', draft: 'yellow', archived: 'gray' } as const;

/** The schema studio's versions page. */
export function SchemaStudioPage() {
  return (
    <AdminAccessGate>
      <SchemaVersions />
    </AdminAccessGate>
  );
}

type Action = { kind: 'publish' | 'roll-back'; version: number };

function SchemaVersions() {
  const superAdmin = canManageCompanies(useAuth().user?.role);
  const versions = useSchemaVersions();
  const [selected, setSelected] = useState<number | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const shown = selected ?? versions.data?.current ?? null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Schema studio
        </Title>
        <Text c="dimmed" size="sm">
          Versions of the forms and rules. New applications use the current version; existing ones keep theirs
          until reset.
        </Text>
      </div>
      {versions.isPending ? (
        <TableSkeleton label="Loading the versions" />
      ) : versions.isError ? (
        <LoadError
          title="Could not load the versions"
          error={versions.error}
          onRetry={() => versions.refetch()}
        />
      ) : versions.data.versions.length === 0 ? (
        <EmptyState
          title="No versions yet"
          hint="The forms and rules are stored as version 1 when the server starts."
        />
      ) : (
        <Tabs defaultValue="versions">
          <Tabs.List>
            <Tabs.Tab value="versions">Versions</Tabs.Tab>
            <Tabs.Tab value="editor">Editor</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="versions" pt="md">
            <Grid>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Card withBorder radius="md" padding={0} component="section" aria-label="Versions">
                  <Table highlightOnHover verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Version</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Note</Table.Th>
                        <Table.Th>By</Table.Th>
                        <Table.Th>Date</Table.Th>
                        {superAdmin && <Table.Th>Action</Table.Th>}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {versions.data.versions.map((row) => (
                        <VersionRow
                          key={row.version}
                          row={row}
                          current={row.version === versions.data.current}
                          selected={row.version === shown}
                          superAdmin={superAdmin}
                          onSelect={() => setSelected(row.version)}
                          onAction={(kind) => setAction({ kind, version: row.version })}
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Card>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                {shown !== null && (
                  <VersionChanges
                    version={shown}
                    others={versions.data.versions
                      .map((row) => row.version)
                      .filter((version) => version !== shown)}
                  />
                )}
                {superAdmin && <VersionHistoryCard />}
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
          <Tabs.Panel value="editor" pt="md">
            <CurrentVersionEditor version={versions.data.current} editable={superAdmin} />
          </Tabs.Panel>
        </Tabs>
      )}
      <ActionDialog action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}

function VersionRow(props: {
  row: SchemaVersionSummary;
  current: boolean;
  selected: boolean;
  superAdmin: boolean;
  onSelect: () => void;
  onAction: (kind: Action['kind']) => void;
}) {
  const { row, current, selected, superAdmin } = props;
  const me = useAuth().user?.id;
  const history = useVersionHistory(superAdmin);
  const queryClient = useQueryClient();
  const approvers = (history.data?.events ?? [])
    .filter((event) => event.action === 'approve' && event.version === row.version)
    .map((event) => event.user_name ?? `user ${event.user_id}`);
  const canApprove =
    row.status === 'draft' && history.data?.approval_required === true && row.author_user_id !== me;
  const approve = async () => {
    const answer = await approveDraft(row.version);
    if (answer.status === 'success') {
      showToast('success', 'Approved', `Draft ${row.version} may now be published.`);
      await queryClient.invalidateQueries({ queryKey: ['schema-studio', 'version-history'] });
    }
  };
  const date = row.published_at ?? row.created_at;
  return (
    <Table.Tr bg={selected ? 'var(--mantine-color-default-hover)' : undefined}>
      <Table.Td>
        <Button variant="subtle" size="compact-sm" onClick={props.onSelect} aria-pressed={selected}>
          Version {row.version}
        </Button>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge color={STATUS_COLORS[row.status]} variant="light">
            {row.status}
          </Badge>
          {current && (
            <Badge color="blue" variant="light">
              current
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{row.note || '—'}</Table.Td>
      <Table.Td>{row.author_name ?? 'At first start'}</Table.Td>
      <Table.Td>{formatInUserZone(date, 'MMM D, YYYY HH:mm')}</Table.Td>
      {superAdmin && (
        <Table.Td>
          {row.status === 'draft' ? (
            <Group gap={4}>
              <Button size="xs" onClick={() => props.onAction('publish')}>
                Publish
              </Button>
              {canApprove && !approvers.length && (
                <Button size="xs" variant="light" onClick={approve}>
                  Approve
                </Button>
              )}
              {approvers.length > 0 && (
                <Badge variant="light" color="blue">
                  approved by {approvers.join(', ')}
                </Badge>
              )}
            </Group>
          ) : row.status === 'published' && !current ? (
            <Button size="xs" variant="light" onClick={() => props.onAction('roll-back')}>
              Roll back to it
            </Button>
          ) : null}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function CurrentVersionEditor({ version, editable }: { version: number; editable: boolean }) {
  const detail = useSchemaVersion(version);
  if (detail.isPending) return <TableSkeleton rows={6} label="Loading the schema set" />;
  if (detail.isError)
    return (
      <LoadError
        title="Could not load the schema set"
        error={detail.error}
        onRetry={() => detail.refetch()}
      />
    );
  return (
    <SchemaEditor key={version} baseVersion={version} base={detail.data.schema_set} editable={editable} />
  );
}

function VersionChanges({ version, others }: { version: number; others: number[] }) {
  const [compareTo, setCompareTo] = useState<number | null>(null);
  const changes = useSchemaVersion(version, compareTo);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={`Changes in version ${version}`}
    >
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Changes in version {version}</Text>
        <Select
          size="xs"
          aria-label="Compare with"
          placeholder="The version before"
          clearable
          data={others.map((other) => ({ value: String(other), label: `against version ${other}` }))}
          value={compareTo === null ? null : String(compareTo)}
          onChange={(value) => setCompareTo(value === null ? null : Number(value))}
          w={190}
        />
      </Group>
      {changes.isPending ? (
        <TableSkeleton rows={3} label="Loading the changes" />
      ) : changes.isError ? (
        <LoadError
          title="Could not load the changes"
          error={changes.error}
          onRetry={() => changes.refetch()}
        />
      ) : changes.data.compared_to === null ? (
        <Text size="sm">The first version: the forms and rules as the product shipped them.</Text>
      ) : changes.data.changes.length === 0 ? (
        <Text size="sm">The same content as version {changes.data.compared_to}.</Text>
      ) : (
        <List size="sm" spacing={4} aria-label={`Against version ${changes.data.compared_to}`}>
          {changes.data.changes.map((change) => (
            <List.Item key={`${change.change}:${change.path.join('/')}:${change.sentence}`}>
              {change.sentence}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

function ActionDialog({ action, onClose }: { action: Action | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<SchemaSetProblem[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [impact, setImpact] = useState<ImpactReport | null>(null);
  const onReport = useCallback((report: ImpactReport | null) => setImpact(report), []);
  const publishing = action?.kind === 'publish';
  const close = () => {
    setProblems(null);
    setRefusal(null);
    setAccepted(false);
    setImpact(null);
    onClose();
  };
  const confirm = async () => {
    if (!action) return;
    setBusy(true);
    const answer =
      action.kind === 'publish'
        ? await publishDraft(action.version, accepted)
        : await rollBackTo(action.version);
    setBusy(false);
    if (answer.status === 'success') {
      showToast(
        'success',
        action.kind === 'publish' ? 'Published' : 'Rolled back',
        `Version ${answer.data?.version} is now in use.`,
      );
      await queryClient.invalidateQueries({ queryKey: ['schema-studio'] });
      close();
    } else if (answer.code === 422) {
      setProblems((answer.data as { problems?: SchemaSetProblem[] } | null)?.problems ?? []);
    } else if (answer.code === 409) {
      setRefusal(answer.message);
    }
  };
  const title = publishing ? `Publish draft ${action?.version}?` : `Roll back to version ${action?.version}?`;
  // A draft publishes once its impact is known and, when it changes stored applications, accepted.
  const ready = !publishing || (impact !== null && (!impact.changes_stored_applications || accepted));
  return (
    <Modal opened={action !== null} onClose={close} title={title} centered size="lg">
      <Stack>
        <Text size="sm">
          {publishing
            ? 'The lint and the rule harness check the draft first; new applications then use it at once.'
            : 'Its content becomes the newest version; new applications use it at once.'}
        </Text>
        {publishing && action && (
          <DraftImpact
            version={action.version}
            accepted={accepted}
            onAcceptedChange={setAccepted}
            onReport={onReport}
          />
        )}
        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Not published">
            {refusal}
          </Alert>
        )}
        {problems && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title="Not published: the draft has problems"
          >
            <List size="sm" spacing={4}>
              {problems.map((problem) => (
                <List.Item key={`${problem.kind}:${problem.path.join('/')}`}>
                  <Text span size="sm" fw={600}>
                    {problem.where}
                  </Text>
                  : {problem.message} ({problem.kind})
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={busy} disabled={!ready} onClick={confirm}>
            {publishing ? 'Publish' : 'Roll back'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
