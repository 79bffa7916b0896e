import { Fieldset, Grid, Stack } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';
import { isValidElement, memo, type ReactNode, useContext } from 'react';
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
 * A grid cell that skips rendering while its field's props are deep-equal, the same test RJSF's
 * own SchemaField memo applies (functions count as equal). RJSF rebuilds every field element when
 * it renders (a schema or `disabled` change); without this that re-rendered every grid cell.
 */
const FieldCell = memo(FieldCellRender, (prev, next) => {
  if (prev.span !== next.span || prev.name !== next.name) return false;
  if (prev.content === next.content) return true;
  if (!isValidElement(prev.content) || !isValidElement(next.content)) return prev.content === next.content;
  return prev.content.type === next.content.type && deepEquals(prev.content.props, next.content.props);
});

/**
 * Root object template: one titled fieldset per form section with at least one field to show,
 * fields in form order on a 12-column grid (full width on phones, `span` columns from `sm` up).
 * Sections come from the form's store (only applicable fields; this template alone re-renders when
 * they change); a field left out there is not rendered at all. The sections render progressively
 * (useSectionsShown: the first ones in the first commit, the rest in low-priority commits after it);
 * while some are still to come the stack carries `aria-busy="true"`.
 */
export function SectionsTemplate(props: ObjectFieldTemplateProps) {
  const sections = useVisibleSections(useContext(FormStoreContext));
  const shown = useSectionsShown(sections);
  const content = new Map<string, ReactNode>(props.properties.map((p) => [p.name, p.content]));
  return (
    <Stack gap="lg" aria-busy={shown < sections.length || undefined}>
      {sections.slice(0, shown).map((section) => (
        <Fieldset key={section.id} legend={section.title} data-section={section.id}>
          <Grid gap="md">
            {section.fields.map(({ name, span }) => (
              <FieldCell key={name} name={name} span={span} content={content.get(name)} />
            ))}
          </Grid>
        </Fieldset>
      ))}
    </Stack>
  );
}
