import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type PageEncoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli at quality 2, not the 4 @fastify/compress (plugins/compression.ts) uses for the API's
 * answers: most job pages are rendered for one visitor, so their compression is paid once per
 * page sent, and on a 37 KB job page quality 4 took about 1.2 ms against 0.3 ms for 2, for 9.2 KB
 * against 10.0 KB on the wire (about 60 % of the page is the same inline stylesheet every time).
 */
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
  },
};

/**
 * A rendered page's HTML and its compressed forms, each made the first time a visitor's browser
 * asks for it. A page given to many visitors (a kept job page, a shared search page) is then
 * compressed once, not once per visitor: most of a page's bytes are the same inline stylesheet
 * and markup every time, and compressing them on every request cost more than rendering.
 */
export class EncodedPage {
  private readonly forms = new Map<PageEncoding, Buffer>();
  private tag: string | undefined;
  private text: string | undefined;

  /**
   * From the HTML as rendered, or from its brotli form (as stored by job-page-store.ts, or as kept
   * by `kept`): such a page holds no text, and decompresses it for the rare visitor without brotli.
   */
  constructor(source: string | { brotli: Buffer }) {
    if (typeof source === 'string') this.text = source;
    else this.forms.set('br', source.brotli);
  }

  /**
   * A page to be kept in memory for other visitors: its brotli form only. A search page's HTML is
   * some 140 KB, held as a string besides its 20–25 KB of brotli; kept compressed, the same memory
   * keeps five to six times as many pages (and a kept page is one not rendered again).
   */
  static kept(html: string): EncodedPage {
    return new EncodedPage({ brotli: new EncodedPage(html).bytes('br') });
  }

  /** The HTML; a page made from its brotli form decompresses it each time (it is rarely asked for). */
  get html(): string {
    return this.text ?? zlib.brotliDecompressSync(this.forms.get('br')!).toString('utf8');
  }

  /**
   * A strong ETag from the page's own bytes: the same page, byte for byte, has the same one. Taken
   * from its brotli form (made alike for the same HTML), a seventh of the HTML's size to hash, and
   * held by a kept page without its text.
   */
  get etag(): string {
    this.tag ??= `"p-${createHash('sha256').update(this.bytes('br')).digest('base64url').slice(0, 22)}"`;
    return this.tag;
  }

  bytes(encoding: PageEncoding): Buffer {
    const form = this.forms.get(encoding);
    if (form) return form;
    const raw = Buffer.from(this.html);
    // Uncompressed, a page without its text is not held twice: it is made again when asked.
    if (encoding === 'identity') {
      if (this.text !== undefined) this.forms.set(encoding, raw);
      return raw;
    }
    const compressed = encoding === 'br' ? zlib.brotliCompressSync(raw, BROTLI) : zlib.gzipSync(raw);
    this.forms.set(encoding, compressed);
    return compressed;
  }

  /** Bytes held (the HTML as a string when it is held, and each form made so far). */
  get size(): number {
    let bytes = 2 * (this.text?.length ?? 0);
    for (const form of this.forms.values()) bytes += form.length;
    return bytes;
  }
}

/** Whether an Accept-Encoding header accepts `coding` (named with a q above 0, or `*`). */
function accepts(header: string, coding: string): boolean {
  return header.split(',').some((entry) => {
    const [name, ...params] = entry.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The form a request gets: brotli, else gzip, else as is (and as is on x-no-compression). */
export function pageEncodingFor(request: FastifyRequest): PageEncoding {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return 'identity';
  if (accepts(header, 'br')) return 'br';
  return accepts(header, 'gzip') ? 'gzip' : 'identity';
}

/** Sends the page in the request's form; compression.ts's hook leaves an encoded answer alone. */
export function sendEncodedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  page: EncodedPage,
): FastifyReply {
  const encoding = pageEncodingFor(request);
  reply.status(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page.bytes(encoding));
}
