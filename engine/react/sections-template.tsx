import { Fieldset, Grid, Stack } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';
import { createContext, isValidElement, memo, type ReactNode, useContext } from 'react';
import type { VisibleSection } from './form-store.ts';
import { FormStoreContext, useVisibleSections } from './form-store-context.ts';
import { useSectionsShown } from './use-sections-shown.ts';

interface FieldCellProps {
  name: string;
  span: number;
  content: ReactNode;
}

function FieldCellRender({ name, span, content }: FieldCellProps) {
  // data-field lets page tests and styles find a field by its document key, whatever its label.
  return (
    <Grid.Col span={{ base: 12, sm: span }} data-field={name}>
      {content}
    </Grid.Col>
  );
}

/**
 * True when a field's element would draw the same: the same component and its props deep-equal,
 * functions counting as equal, RJSF's registry left out. The registry changes whenever the root
 * schema does (a studio edit of any one label); the form's schema is flat, with no $ref, so a
 * property's own schema, ui, value and path are all its field draws from (ADR 781).
 */
function sameFieldElement(prev: ReactNode, next: ReactNode): boolean {
  if (prev === next) return true;
  if (!isValidElement(prev) || !isValidElement(next) || prev.type !== next.type) return false;
  const { registry: _before, ...before } = prev.props as Record<string, unknown>;
  const { registry: _after, ...after } = next.props as Record<string, unknown>;
  return deepEquals(before, after);
}

/**
 * A grid cell that skips rendering while its field's element draws the same (sameFieldElement).
 * RJSF rebuilds every field element when it renders (a schema or `disabled` change); without this
 * that re-rendered every grid cell, and every field with it after any edit of the schema.
 */
const FieldCell = memo(
  FieldCellRender,
  (prev, next) =>
    prev.span === next.span && prev.name === next.name && sameFieldElement(prev.content, next.content),
);

/**
 * The heading level of the section titles (SchemaForm `sectionHeadingLevel`): 3 under a page's h1
 * and the form's own h2, 2 where the form sits right under the h1 (issue 46: no skipped level).
 */
export const SectionHeadingLevelContext = createContext<2 | 3>(3);

/**
 * Root object template: one titled fieldset per form section with at least one field to show,
 * fields in form order on a 12-column grid (full width on phones, `span` columns from `sm` up).
 * Sections come from the form's store (only applicable fields; this template alone re-renders when
 * they change); a field left out there is not rendered at all. The sections render progressively
 * (useSectionsShown: the first ones in the first commit, the rest in low-priority commits after it);
 * while some are still to come the stack carries `aria-busy="true"`. Each legend holds a real
 * heading (SectionHeadingLevelContext) in the legend's own font, so the outline lists the sections.
 */
export function SectionsTemplate(props: ObjectFieldTemplateProps) {
  const sections = useVisibleSections(useContext(FormStoreContext));
  const heading = useContext(SectionHeadingLevelContext) === 2 ? 'h2' : 'h3';
  const shown = useSectionsShown(sections);
  const content = new Map<string, ReactNode>(props.properties.map((p) => [p.name, p.content]));
  return (
    <Stack gap="lg" aria-busy={shown < sections.length || undefined}>
      {sections.slice(0, shown).map((section) => (
        <SectionFieldset
          key={section.id}
          section={section}
          heading={heading}
          contents={section.fields.map(({ name }) => content.get(name))}
        />
      ))}
    </Stack>
  );
}

interface SectionFieldsetProps {
  section: VisibleSection;
  heading: 'h2' | 'h3';
  /** The section's field elements, in `section.fields` order. */
  contents: ReactNode[];
}

function SectionFieldsetRender({ section, heading: Heading, contents }: SectionFieldsetProps) {
  return (
    <Fieldset
      legend={<Heading style={{ margin: 0, font: 'inherit' }}>{section.title}</Heading>}
      data-section={section.id}
    >
      <Grid gap="md">
        {section.fields.map(({ name, span }, index) => (
          <FieldCell key={name} name={name} span={span} content={contents[index]} />
        ))}
      </Grid>
    </Fieldset>
  );
}

/**
 * A section that skips rendering while its title, fields, spans and every field's element draw the
 * same: a studio keystroke redraws the one section of the field it changed (ADR 781).
 */
const SectionFieldset = memo(SectionFieldsetRender, (prev, next) => {
  if (prev.heading !== next.heading || prev.section.title !== next.section.title) return false;
  const before = prev.section.fields;
  const after = next.section.fields;
  if (before.length !== after.length) return false;
  return after.every(
    (field, index) =>
      field.name === before[index].name &&
      field.span === before[index].span &&
      sameFieldElement(prev.contents[index], next.contents[index]),
  );
});
