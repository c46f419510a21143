/**
 * A one-page PDF 1.4 with a title and monospaced lines, built by hand: the xref table needs the
 * byte offset of every object, so the body is ASCII only (PDF strings here are Latin-1).
 */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  const pdfString = (s: string) => {
    if (/[^\x20-\x7e]/.test(s)) throw new Error(`PDF text must be printable ASCII: ${s}`);
    return s.replace(/[\\()]/g, (ch) => `\\${ch}`);
  };
  const content = [
    `BT /F1 18 Tf 56 780 Td (${pdfString(title)}) Tj ET`,
    '0.75 w 56 768 m 539 768 l S',
    ...lines.map((line, i) => `BT /F2 10 Tf 56 ${744 - i * 14} Td (${pdfString(line)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
