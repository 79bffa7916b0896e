/**
 * An icon of the icon set (SPEC §9: served by the product's own endpoint, the public icon service
 * after 500 ms; portal/lib/icon-set.ts). Decorative: the text beside it names the action. The box
 * keeps its size while the icon loads and when it cannot be had, so nothing moves.
 */
import { useEffect, useState } from 'react';
import { type IconData, loadIcon } from '../lib/icon-set.ts';

/** Props: `icon` as `prefix:name` (`tabler:upload`) and the size in px (default 18). */
export interface SetIconProps {
  icon: string;
  size?: number;
}

/** The icon as inline SVG in currentColor, or an empty box of the same size. */
export function SetIcon({ icon, size = 18 }: SetIconProps) {
  const [data, setData] = useState<IconData | null>(null);
  useEffect(() => {
    let current = true;
    setData(null);
    void loadIcon(icon).then((loaded) => {
      if (current) setData(loaded);
    });
    return () => {
      current = false;
    };
  }, [icon]);

  if (!data)
    return (
      <span data-icon={icon} aria-hidden style={{ display: 'inline-block', width: size, height: size }} />
    );
  return (
    <svg
      data-icon={icon}
      aria-hidden
      width={size}
      height={size}
      viewBox={`0 0 ${data.width} ${data.height}`}
      // The body is the icon set's own SVG markup, from our endpoint or the public icon service.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: icon markup is SVG from the icon set.
      dangerouslySetInnerHTML={{ __html: data.body }}
    />
  );
}
