import type { FieldTemplateProps } from '@rjsf/utils';

/**
 * The wrapper RJSF puts around every field. Engine widgets draw their own label, required marker,
 * help and message (from the engine, not RJSF's validator), so this only keeps hidden widgets out
 * of sight and adds nothing else around the input.
 */
export function EngineFieldTemplate(props: FieldTemplateProps) {
  const { hidden, children, classNames, style } = props;
  if (hidden) return <div hidden>{children}</div>;
  return (
    <div className={classNames} style={style}>
      {children}
    </div>
  );
}
