/**
 * The cases of the working copy on the test bench (issue 37): run them all on the draft and see which
 * fail and why, and find the boundaries no case pins: the mutants of each rule, condition or question
 * that every case lets through (engine runMutation, in the browser). Both run on demand: the
 * mutation run takes a few seconds of CPU on the shipped set.
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  type CompiledSchemaSet,
  caseBases,
  caseMismatches,
  type Doc,
  type JudgedMutant,
  lintPathLabel,
  type RuleContext,
  type SchemaSet,
} from '../../../../engine/index.ts';
import { mutateInBrowser } from '../../../lib/browser-schema-engine.ts';

/** Props: the working copy, its last good compile, and the example documents cases start from. */
export interface CaseSuiteProps {
  set: SchemaSet;
  compiled: CompiledSchemaSet;
  examples: Record<string, Doc>;
  exampleContexts: Record<string, RuleContext>;
}

interface SuiteRun {
  total: number;
  failing: { where: string; mismatches: string[] }[];
}

interface BoundaryRun {
  score: number;
  killed: number;
  judged: number;
  /** Surviving mutants by the rule, condition or question they belong to (in words). */
  bySite: [where: string, mutants: JudgedMutant[]][];
}

/** Runs every case of `set` over the examples: how many and which fail, each with what differs. */
function runSuite(props: CaseSuiteProps): SuiteRun {
  const bases = caseBases(props.examples, props.exampleContexts);
  const files = props.compiled.set.cases ?? [];
  const failing = files.flatMap((file) =>
    file.cases.flatMap((kase) => {
      const mismatches = caseMismatches(props.compiled, kase, bases);
      return mismatches.length === 0 ? [] : [{ where: `${file.id} › ${kase.title ?? kase.id}`, mismatches }];
    }),
  );
  return { total: files.reduce((sum, file) => sum + file.cases.length, 0), failing };
}

/** The mutation run grouped by site; throws like compileSchemaSet for a broken set. */
function findBoundaries(props: CaseSuiteProps): BoundaryRun {
  const report = mutateInBrowser(props.set, caseBases(props.examples, props.exampleContexts));
  const bySite = new Map<string, JudgedMutant[]>();
  for (const mutant of report.mutants.filter((m) => m.status === 'survived')) {
    const where = lintPathLabel(props.set, mutant.site);
    bySite.set(where, [...(bySite.get(where) ?? []), mutant]);
  }
  return {
    score: report.score,
    killed: report.killed,
    judged: report.killed + report.survived,
    bySite: [...bySite],
  };
}

/** The card: run the suite, find unpinned boundaries, and what each found. */
export function CaseSuite(props: CaseSuiteProps) {
  const [suite, setSuite] = useState<SuiteRun | null>(null);
  const [boundaries, setBoundaries] = useState<BoundaryRun | string | null>(null);
  const [busy, setBusy] = useState(false);
  const findUnpinned = () => {
    setBusy(true);
    // Let the button show it is busy before the run holds the page for a few seconds.
    setTimeout(() => {
      try {
        setBoundaries(findBoundaries(props));
      } catch (error) {
        setBoundaries(error instanceof Error ? error.message : String(error));
      }
      setBusy(false);
    }, 20);
  };
  return (
    <Stack gap="sm" component="section" aria-label="Cases">
      <Group justify="space-between">
        <Text fw={600}>Cases</Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setSuite(runSuite(props))}>
            Run every case
          </Button>
          <Button size="xs" variant="light" loading={busy} onClick={findUnpinned}>
            Find unpinned boundaries
          </Button>
        </Group>
      </Group>
      {suite && (
        <Alert
          color={suite.failing.length === 0 ? 'green' : 'red'}
          variant="light"
          title={
            suite.failing.length === 0
              ? `All ${suite.total} cases hold`
              : `${suite.failing.length} of ${suite.total} cases fail`
          }
        >
          {suite.failing.length > 0 && (
            <List size="sm" spacing={4}>
              {suite.failing.map((failure) => (
                <List.Item key={failure.where}>
                  <Text size="sm" fw={600} span>
                    {failure.where}:
                  </Text>{' '}
                  {failure.mismatches.join('; ')}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {typeof boundaries === 'string' && (
        <Alert color="red" variant="light" title="The draft does not compile">
          {boundaries}
        </Alert>
      )}
      {boundaries && typeof boundaries !== 'string' && (
        <Alert
          color={boundaries.bySite.length === 0 ? 'green' : 'yellow'}
          variant="light"
          title={`Mutation score ${(boundaries.score * 100).toFixed(1)}%: ${boundaries.killed} of ${boundaries.judged} slips caught by a case`}
        >
          {boundaries.bySite.length === 0 ? (
            <Text size="sm">Every boundary of every rule is pinned by a case.</Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm">No case notices these changes; add a case that would:</Text>
              <List size="sm" spacing={4}>
                {boundaries.bySite.map(([where, mutants]) => (
                  <List.Item key={where}>
                    <Text size="sm" fw={600} span>
                      {where}:
                    </Text>{' '}
                    {mutants.map((mutant) => mutant.mutation).join(', ')}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Alert>
      )}
    </Stack>
  );
}
