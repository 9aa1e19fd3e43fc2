// A deliberately small PDF writer for our downloadable templates: A4 pages of text in the three
// standard Helvetica faces (which every PDF reader has, so no font is embedded), WinAnsi encoded
// so that å, ä and ö render. It lays text out top-down with word wrapping and page breaks.

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;

const FONTS = { regular: 'F1', bold: 'F2', italic: 'F3' };
const BASE_FONTS = { F1: 'Helvetica', F2: 'Helvetica-Bold', F3: 'Helvetica-Oblique' };

// WinAnsi (cp1252) bytes for the characters outside Latin-1 that Swedish text commonly uses.
const WIN_ANSI_EXTRAS = new Map([
  ['€', 0x80],
  ['…', 0x85],
  ['‘', 0x91],
  ['’', 0x92],
  ['“', 0x93],
  ['”', 0x94],
  ['•', 0x95],
  ['–', 0x96],
  ['—', 0x97],
]);

/** Text → WinAnsi bytes; characters the encoding lacks become '?'. */
export function toWinAnsi(text) {
  const bytes = [];
  for (const char of text) {
    const code = char.codePointAt(0);
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(WIN_ANSI_EXTRAS.get(char) ?? 0x3f);
  }
  return bytes;
}

/** A PDF literal string kept 7-bit clean: delimiters escaped, other bytes as octal escapes. */
function literal(text) {
  let out = '(';
  for (const byte of toWinAnsi(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** Document info strings may hold any character: UTF-16BE with a byte-order mark, as hex. */
function textString(text) {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1)
    hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

// Approximate Helvetica advance widths (in 1/1000 em) by character class: close enough to wrap
// lines safely inside the margins without carrying the full metrics tables.
function charWidth(char, bold) {
  if (" .,:;!|'il".includes(char)) return bold ? 280 : 250;
  if ('fjrt()-[]'.includes(char)) return bold ? 340 : 310;
  if ('mwMW@'.includes(char)) return bold ? 900 : 860;
  if (char >= 'A' && char <= 'Z') return bold ? 730 : 690;
  if ('ÅÄÖÉ'.includes(char)) return bold ? 730 : 690;
  return bold ? 600 : 560;
}

export function textWidth(text, size, font = 'regular') {
  let units = 0;
  for (const char of text) units += charWidth(char, font === 'bold');
  return (units / 1000) * size;
}

/** Splits a paragraph into lines no wider than `width`. */
export function wrap(text, width, size, font) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, font) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Collects drawing operations page by page. Callers add blocks (headings, paragraphs, bullets);
 * `y` counts down from the top margin and a block that does not fit starts a new page.
 */
export class PdfDocument {
  constructor(title) {
    this.title = title;
    this.pages = [];
    this.newPage();
  }

  newPage() {
    this.ops = [];
    this.pages.push(this.ops);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  ensureSpace(height) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** One paragraph: wrapped, in the given face, size and colour ([r, g, b] from 0 to 1). */
  text(content, { size = 11, font = 'regular', color = [0.1, 0.13, 0.2], indent = 0, gapAfter = 4 } = {}) {
    const leading = size * 1.35;
    const lines = wrap(content, PAGE_WIDTH - 2 * MARGIN - indent, size, font);
    for (const line of lines) {
      this.ensureSpace(leading);
      this.y -= leading;
      this.ops.push(
        `BT /${FONTS[font]} ${size} Tf ${color.join(' ')} rg ${(MARGIN + indent).toFixed(2)} ${this.y.toFixed(2)} Td ${literal(line)} Tj ET`,
      );
    }
    this.y -= gapAfter;
  }

  bullet(content, options = {}) {
    const size = options.size ?? 11;
    const leading = size * 1.35;
    // Make room for the first line here, so the bullet and its text start on the same page.
    this.ensureSpace(leading);
    const baseline = this.y - leading;
    this.ops.push(
      `BT /F1 ${size} Tf 0.12 0.25 0.69 rg ${MARGIN + 2} ${baseline.toFixed(2)} Td ${literal('•')} Tj ET`,
    );
    this.text(content, { ...options, indent: 14, gapAfter: 2 });
  }

  /** A section heading with a thin rule under it. */
  heading(content) {
    // Keep a heading together with at least two lines of what follows it.
    this.ensureSpace(52);
    this.y -= 11;
    this.text(content, { size: 12.5, font: 'bold', color: [0.12, 0.23, 0.54], gapAfter: 3 });
    this.ops.push(
      `0.78 0.82 0.9 RG 0.8 w ${MARGIN} ${this.y.toFixed(2)} m ${PAGE_WIDTH - MARGIN} ${this.y.toFixed(2)} l S`,
    );
    this.y -= 8;
  }

  space(points) {
    this.y -= points;
  }

  /** The finished file as bytes. Deterministic: no dates or ids, so rebuilding changes nothing. */
  toBytes() {
    const objects = [];
    const add = (body) => {
      objects.push(body);
      return objects.length;
    };
    const catalog = add(null);
    const pagesRoot = add(null);
    const fontIds = Object.fromEntries(
      Object.entries(BASE_FONTS).map(([name, base]) => [
        name,
        add(`<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding /WinAnsiEncoding >>`),
      ]),
    );
    const fontResources = Object.entries(fontIds)
      .map(([name, id]) => `/${name} ${id} 0 R`)
      .join(' ');
    const pageIds = this.pages.map((ops) => {
      const stream = ops.join('\n');
      const contents = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
      return add(
        `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
          `/Resources << /Font << ${fontResources} >> >> /Contents ${contents} 0 R >>`,
      );
    });
    objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R >>`;
    objects[pagesRoot - 1] =
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
    const info = add(`<< /Title ${textString(this.title)} /Producer (Jobbportalen) >>`);

    // Everything below is 7-bit ASCII except the customary binary-marker comment, so string
    // lengths equal byte offsets once that comment's four bytes are accounted for.
    const header = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
    let body = '';
    const offsets = [];
    objects.forEach((object, index) => {
      offsets.push(header.length + body.length);
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xrefOffset = header.length + body.length;
    let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
    const trailer = `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
    return Buffer.concat([header, Buffer.from(body + xref + trailer, 'ascii')]);
  }
}
