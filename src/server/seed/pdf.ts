/**
 * A minimal, valid PDF writer for the demo publications: A4 pages of
 * Helvetica text with a correct cross-reference table. Enough for a real
 * download that opens in every viewer; not a layout engine.
 */

const pageWidth = 595;
const pageHeight = 842;
const margin = 72;
const lineHeight = 15;
const linesPerPage = Math.floor((pageHeight - 2 * margin - 40) / lineHeight);

/** Helvetica in the standard encoding only covers ASCII reliably: typographic marks become plain ones. */
function toAscii(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/·/g, '-')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '');
}

function escapePdf(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

function wrap(text: string, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out;
}

export interface PdfSection {
  heading?: string;
  paragraphs: string[];
}

export function reportPdf(title: string, subtitle: string, sections: PdfSection[]): Buffer {
  type Line = { text: string; size: number; bold: boolean };
  const lines: Line[] = [];
  for (const l of wrap(toAscii(title), 48)) lines.push({ text: l, size: 20, bold: true });
  lines.push({ text: toAscii(subtitle), size: 11, bold: false }, { text: '', size: 11, bold: false });
  for (const s of sections) {
    if (s.heading) lines.push({ text: toAscii(s.heading), size: 13, bold: true });
    for (const p of s.paragraphs) {
      for (const l of wrap(toAscii(p), 88)) lines.push({ text: l, size: 11, bold: false });
      lines.push({ text: '', size: 11, bold: false });
    }
  }
  const pages: Line[][] = [];
  for (let i = 0; i < lines.length; i += linesPerPage) pages.push(lines.slice(i, i + linesPerPage));

  // Objects: 1 catalog, 2 page tree, 3 regular font, 4 bold font, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((pageLines, i) => {
    const pageId = pageIds[i] ?? 0;
    let y = pageHeight - margin;
    const ops: string[] = [];
    for (const line of pageLines) {
      y -= line.size > 11 ? line.size + 4 : lineHeight;
      if (line.text) ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${margin} ${y} Td (${escapePdf(line.text)}) Tj ET`);
    }
    ops.push(`BT /F1 9 Tf ${margin} 40 Td (Tujenge Civic Alliance - page ${i + 1} of ${pages.length}) Tj ET`);
    const stream = ops.join('\n');
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info << /Title (${escapePdf(toAscii(title))}) /Producer (Tujenge demo content) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
