/**
 * A small page writer over pdf-lib for the quote documents (market breakdown, flood rejection;
 * SPEC §2 Dialogs, issue 13): US Letter landscape, the agency header on every page (logo, name,
 * contact; title and generated date on the right), headings, label/value lines, paragraphs,
 * tables that wrap their cells and repeat their header row on a new page, a signature block, and
 * "Page n of m" footers. Text is drawn in the standard Helvetica fonts, so characters outside
 * their WinAnsi set are replaced by '?' rather than failing the document.
 * docs/decisions/240-quote-documents-as-pdf.md.
 */

import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { documentTime } from './document-time.ts';

/** US Letter landscape in points (1/72 in). */
const PAGE: [number, number] = [792, 612];
const MARGIN = 36;
const HEADER_HEIGHT = 64;
const FOOTER_HEIGHT = 24;
const BODY_SIZE = 9;
const LINE = 12;
const CELL_PADDING = 4;
const INK = rgb(0.1, 0.12, 0.15);
const MUTED = rgb(0.35, 0.38, 0.42);
const RULE = rgb(0.78, 0.8, 0.83);
const STRIPE = rgb(0.95, 0.96, 0.97);
const ACCENT = rgb(0.1, 0.45, 0.25);

/** The agency a document is issued by: name, contact lines and its logo (PNG or JPEG bytes). */
export interface DocumentAgency {
  name: string;
  contact: string[];
  logo: { content_type: string; bytes: Uint8Array } | null;
}

/** A table column: header text and width as a share of the text width (shares need not sum to 1). */
export interface TableColumn {
  header: string;
  share: number;
  align?: 'left' | 'right';
}

/** Lines of `text` no wider than `width` at `size`: words wrapped, over-long words cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Writes pages top to bottom; `finish()` adds the footers and answers the PDF bytes. */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly charset: Set<number>;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly logo: PDFImage | null,
    private readonly agency: DocumentAgency,
    private readonly title: string,
    private readonly generated: string,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.newPage();
  }

  /**
   * A writer for a document titled `title`, issued by `agency`, generated at `generatedAt`
   * (printed in IANA zone `timeZone`, the agency's for quote documents; documentTime). A logo that
   * is neither PNG nor JPEG is left out.
   */
  static async create(
    title: string,
    agency: DocumentAgency,
    generatedAt: Date,
    timeZone = 'UTC',
  ): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setAuthor(agency.name);
    doc.setCreator('MGA agent portal');
    doc.setCreationDate(generatedAt);
    doc.setModificationDate(generatedAt);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    let logo: PDFImage | null = null;
    if (agency.logo?.content_type === 'image/png') logo = await doc.embedPng(agency.logo.bytes);
    else if (agency.logo?.content_type === 'image/jpeg') logo = await doc.embedJpg(agency.logo.bytes);
    const generated = documentTime(generatedAt, timeZone);
    return new PdfWriter(doc, regular, bold, logo, agency, title, generated);
  }

  private get width(): number {
    return PAGE[0] - 2 * MARGIN;
  }

  /** `text` with every character the standard fonts cannot draw replaced by '?'. */
  private safe(text: string): string {
    return [...text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"')]
      .map((ch) => (this.charset.has(ch.codePointAt(0) ?? 0) || ch === '\n' ? ch : '?'))
      .join('');
  }

  private text(text: string, x: number, y: number, size: number, font = this.regular, color = INK) {
    this.page.drawText(this.safe(text), { x, y, size, font, color });
  }

  private newPage() {
    this.page = this.doc.addPage(PAGE);
    const top = PAGE[1] - MARGIN;
    let x = MARGIN;
    if (this.logo) {
      const scaled = this.logo.scaleToFit(120, 44);
      this.page.drawImage(this.logo, { x, y: top - scaled.height, ...scaled });
      x += scaled.width + 10;
    }
    this.text(this.agency.name, x, top - 14, 14, this.bold);
    this.agency.contact.slice(0, 2).forEach((line, index) => {
      this.text(line, x, top - 28 - index * 11, BODY_SIZE, this.regular, MUTED);
    });
    const right = PAGE[0] - MARGIN;
    const titleWidth = this.bold.widthOfTextAtSize(this.safe(this.title), 14);
    this.text(this.title, right - titleWidth, top - 14, 14, this.bold, ACCENT);
    const generated = `Generated ${this.generated}`;
    this.text(
      generated,
      right - this.regular.widthOfTextAtSize(generated, BODY_SIZE),
      top - 28,
      BODY_SIZE,
      this.regular,
      MUTED,
    );
    const ruleY = top - HEADER_HEIGHT + 12;
    this.page.drawLine({
      start: { x: MARGIN, y: ruleY },
      end: { x: right, y: ruleY },
      thickness: 1,
      color: ACCENT,
    });
    this.y = ruleY - 18;
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  private ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) this.newPage();
  }

  /** A bold section heading. */
  heading(text: string) {
    this.ensure(LINE * 3);
    this.y -= 4;
    this.text(text, MARGIN, this.y, 11, this.bold);
    this.y -= LINE + 4;
  }

  /** Label/value lines in `columns` columns (a value wraps within its column). */
  fields(pairs: [label: string, value: string][], columns = 2) {
    const columnWidth = this.width / columns;
    const labelWidth = 110;
    for (let start = 0; start < pairs.length; start += columns) {
      const row = pairs.slice(start, start + columns);
      const wrapped = row.map(([, value]) =>
        wrapText(this.safe(value || '-'), this.regular, BODY_SIZE, columnWidth - labelWidth - 8),
      );
      const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE;
      this.ensure(height);
      row.forEach(([label], index) => {
        const x = MARGIN + index * columnWidth;
        this.text(label, x, this.y, BODY_SIZE, this.bold, MUTED);
        wrapped[index].forEach((line, n) => {
          this.text(line, x + labelWidth, this.y - n * LINE, BODY_SIZE);
        });
      });
      this.y -= height;
    }
    this.y -= 6;
  }

  /** A wrapped paragraph of body text. */
  paragraph(text: string) {
    for (const line of wrapText(this.safe(text), this.regular, BODY_SIZE + 1, this.width)) {
      this.ensure(LINE + 2);
      this.text(line, MARGIN, this.y, BODY_SIZE + 1);
      this.y -= LINE + 1;
    }
    this.y -= 6;
  }

  /** A table of `rows` (one string per column); the header row repeats on every page it spans. */
  table(columns: TableColumn[], rows: string[][]) {
    const total = columns.reduce((sum, column) => sum + column.share, 0);
    const widths = columns.map((column) => (column.share / total) * this.width);
    const drawRow = (cells: string[], font: PDFFont, fill: ReturnType<typeof rgb> | null) => {
      const wrapped = cells.map((cell, index) =>
        wrapText(this.safe(cell), font, BODY_SIZE, widths[index] - 2 * CELL_PADDING),
      );
      const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + 2 * CELL_PADDING;
      if (fill) {
        this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: this.width, height, color: fill });
      }
      let x = MARGIN;
      wrapped.forEach((lines, index) => {
        lines.forEach((line, n) => {
          const lineWidth = font.widthOfTextAtSize(line, BODY_SIZE);
          const left =
            columns[index].align === 'right'
              ? x + widths[index] - CELL_PADDING - lineWidth
              : x + CELL_PADDING;
          this.text(line, left, this.y - CELL_PADDING - 8 - n * LINE, BODY_SIZE, font);
        });
        x += widths[index];
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: MARGIN + this.width, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
      return height;
    };
    const rowHeight = (cells: string[], font: PDFFont) =>
      Math.max(
        ...cells.map(
          (cell, index) =>
            wrapText(this.safe(cell), font, BODY_SIZE, widths[index] - 2 * CELL_PADDING).length,
        ),
      ) *
        LINE +
      2 * CELL_PADDING;
    const headers = columns.map((column) => column.header);
    const headerHeight = rowHeight(headers, this.bold);
    this.ensure(headerHeight + LINE * 2);
    drawRow(headers, this.bold, STRIPE);
    rows.forEach((cells, index) => {
      if (this.y - rowHeight(cells, this.regular) < MARGIN + FOOTER_HEIGHT) {
        this.newPage();
        drawRow(headers, this.bold, STRIPE);
      }
      drawRow(cells, this.regular, index % 2 === 1 ? STRIPE : null);
    });
    this.y -= 10;
  }

  /** Signature lines side by side, each with its caption under the line. */
  signatures(captions: string[]) {
    this.ensure(60);
    this.y -= 34;
    const gap = 24;
    const width = (this.width - gap * (captions.length - 1)) / captions.length;
    captions.forEach((caption, index) => {
      const x = MARGIN + index * (width + gap);
      this.page.drawLine({
        start: { x, y: this.y },
        end: { x: x + width, y: this.y },
        thickness: 0.8,
        color: INK,
      });
      this.text(caption, x, this.y - 11, BODY_SIZE, this.regular, MUTED);
    });
    this.y -= 24;
  }

  /** Adds "Page n of m" to every page and answers the document's bytes. */
  async finish(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const label = `${this.title} - page ${index + 1} of ${pages.length}`;
      page.drawText(this.safe(label), {
        x: PAGE[0] - MARGIN - this.regular.widthOfTextAtSize(this.safe(label), 8),
        y: MARGIN - 8,
        size: 8,
        font: this.regular,
        color: MUTED,
      });
    });
    return this.doc.save();
  }
}
