/**
 * A carrier's logo (issue 19): the `image` of its family in the catalogue in use (issue 43), which
 * the server answers as a project-made monogram SVG (server/routes/carrier-file-routes.ts), drawn at
 * `size` px beside the carrier's name on the quote cards, the comparison tables and Carrier resources.
 * Alt text "<name> logo", except `decorative` ones (alt ""): a table's row or column header
 * already named by the carrier's name, which is read out with every cell of its row or column.
 * Nothing when the carrier has no image.
 */
import { Image } from '@mantine/core';

/** Props: the image path (or null), the carrier's display name for the alt text, the size in px. */
export interface CarrierLogoProps {
  image: string | null;
  name: string;
  size?: number;
  /** True in a table header beside the name: the header's name stays the carrier's name alone. */
  decorative?: boolean;
}

/** The logo, square, with rounded corners, never shrunk by its row. */
export function CarrierLogo({ image, name, size = 24, decorative = false }: CarrierLogoProps) {
  if (!image) return null;
  return (
    <Image
      src={image}
      alt={decorative ? '' : `${name} logo`}
      w={size}
      h={size}
      radius="sm"
      style={{ flex: 'none' }}
    />
  );
}
