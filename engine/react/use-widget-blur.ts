import type { WidgetProps } from '@rjsf/utils';
import { useCallback } from 'react';

/**
 * Stable blur and focus handlers reporting the field id and current value to RJSF, which
 * SchemaForm uses to mark a field touched.
 */
export function useWidgetBlur(props: Pick<WidgetProps, 'id' | 'value' | 'onBlur' | 'onFocus'>): {
  onBlur: () => void;
  onFocus: () => void;
} {
  const { id, value, onBlur, onFocus } = props;
  const handleBlur = useCallback(() => onBlur(id, value), [onBlur, id, value]);
  const handleFocus = useCallback(() => onFocus(id, value), [onFocus, id, value]);
  return { onBlur: handleBlur, onFocus: handleFocus };
}
