import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EncodedPage, pageEncodingFor } from './encoded-page.js';

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('EncodedPage', () => {
  const html = `<!doctype html><html lang="sv"><body>${'<p>Lediga jobb i Sverige</p>'.repeat(200)}</body></html>`;

  it('gives each form that decodes to the page, made once and then handed out again', () => {
    const page = new EncodedPage(html);
    const br = page.bytes('br');
    expect(zlib.brotliDecompressSync(br).toString()).toBe(html);
    expect(zlib.gunzipSync(page.bytes('gzip')).toString()).toBe(html);
    expect(page.bytes('identity').toString()).toBe(html);
    expect(page.bytes('br')).toBe(br);
    expect(br.length).toBeLessThan(html.length / 10);
    expect(page.size).toBeGreaterThan(2 * html.length);
  });

  it('keeps a page for other visitors as its brotli form only, with the same forms and ETag', () => {
    const page = new EncodedPage(html);
    const kept = EncodedPage.kept(html);
    expect(kept.size).toBe(page.bytes('br').length);
    expect(kept.size).toBeLessThan(html.length / 10);
    expect(kept.etag).toBe(page.etag);
    expect(kept.etag).not.toBe(EncodedPage.kept(`${html}\n`).etag);
    expect(zlib.gunzipSync(kept.bytes('gzip')).toString()).toBe(html);
    expect(kept.bytes('identity').toString()).toBe(html);
    // Uncompressed it is made again when asked, not held beside the brotli form.
    expect(kept.size).toBe(page.bytes('br').length + kept.bytes('gzip').length);
  });

  it('picks brotli, then gzip, then none, as the request accepts', () => {
    expect(pageEncodingFor(requestWith({ 'accept-encoding': 'gzip, deflate, br' }))).toBe('br');
    expect(pageEncodingFor(requestWith({ 'accept-encoding': 'gzip, br;q=0' }))).toBe('gzip');
    expect(pageEncodingFor(requestWith({ 'accept-encoding': 'GZIP;q=0.5' }))).toBe('gzip');
    expect(pageEncodingFor(requestWith({ 'accept-encoding': '*' }))).toBe('br');
    expect(pageEncodingFor(requestWith({ 'accept-encoding': 'deflate' }))).toBe('identity');
    expect(pageEncodingFor(requestWith({ 'accept-encoding': 'identity' }))).toBe('identity');
    expect(pageEncodingFor(requestWith({}))).toBe('identity');
    expect(pageEncodingFor(requestWith({ 'accept-encoding': 'br', 'x-no-compression': '1' }))).toBe(
      'identity',
    );
  });
});
