import { describe, expect, it } from 'vitest';
import { loadAdFixture } from '../fixtures/index.js';
import { normalizeDescription } from './description.js';
import { sanitizeDescriptionHtml } from './description-html.js';

describe('sanitizeDescriptionHtml', () => {
  it('removes scripts, styles, frames, event handlers and javascript: links with their content', () => {
    const { description } = loadAdFixture('adHostileHtml');
    const { html, text } = normalizeDescription(description);
    for (const forbidden of [
      '<script',
      'alert',
      'onclick',
      'onmouseover',
      'onerror',
      'javascript',
      'iframe',
      'evil.example',
      '<style',
      'display: none',
      '<img',
      'style=',
      'opener"',
      '_self',
    ]) {
      expect(html.toLowerCase()).not.toContain(forbidden.toLowerCase());
    }
    expect(text).not.toContain('alert');
    expect(text).not.toContain('iframe-text');
    // The links that were unsafe keep their words.
    expect(text).toContain('Läs mer om oss här eller där eller någon annanstans.');
  });

  it('keeps http(s) links and makes them open safely in a new tab', () => {
    expect(
      sanitizeDescriptionHtml('<p><a href="https://firma.example/jobb" onclick="x()">Ansök</a></p>'),
    ).toBe(
      '<p><a href="https://firma.example/jobb" rel="noopener noreferrer nofollow" target="_blank">Ansök</a></p>',
    );
  });

  it('keeps the allow-listed tags and maps other headings to h2–h4', () => {
    const html =
      '<h2>A</h2><h3>B</h3><h4>C</h4><p><b>d</b> <strong>e</strong> <i>f</i> <em>g</em><br>h</p><ol><li>i</li></ol>';
    expect(sanitizeDescriptionHtml(html)).toBe(
      '<h2>A</h2><h3>B</h3><h4>C</h4><p><b>d</b> <strong>e</strong> <i>f</i> <em>g</em><br />h</p><ol><li>i</li></ol>',
    );
    expect(sanitizeDescriptionHtml('<h1>Stor</h1><h6>Liten</h6>')).toBe('<h2>Stor</h2><h4>Liten</h4>');
  });

  it('keeps the words of dropped blocks apart', () => {
    expect(
      sanitizeDescriptionHtml('<div>Ett</div><div>Två</div><table><tr><td>Tre</td></tr></table>'),
    ).toMatch(/^Ett(<br \/>)+Två(<br \/>)+Tre$/);
  });

  it('unwraps mailto links, links to other schemes and links carrying contact details', () => {
    expect(
      sanitizeDescriptionHtml(
        '<p>Mejla <a href="mailto:anna@firma.se">Anna</a>, se <a href="//evil.example/x">här</a>, ' +
          '<a href="data:text/html;base64,PHNjcmlwdD4=">där</a> eller <a href="https://firma.example/?mail=anna@firma.se">sidan</a>.</p>',
      ),
    ).toBe('<p>Mejla Anna, se här, där eller sidan.</p>');
  });

  it('removes contact details even when entities split them', () => {
    expect(
      sanitizeDescriptionHtml('<p>Ring 070&nbsp;174&nbsp;06&nbsp;05 eller mejla anna&#64;firma.se.</p>'),
    ).toBe('<p>Ring eller mejla.</p>');
  });

  it('drops elements left empty', () => {
    expect(sanitizeDescriptionHtml('<p>Text</p><p><br></p><p> </p><ul><li><strong></strong></li></ul>')).toBe(
      '<p>Text</p>',
    );
  });
});

describe('normalizeDescription', () => {
  it('turns plain text into paragraphs and lists, escaping what looks like markup', () => {
    const { html, text } = normalizeDescription({
      text: 'Rad ett\r\nRad två\n\n* punkt ett\n- punkt två\n\nSlut <b>inte fet</b> & klart',
      text_formatted: null,
    });
    expect(html).toBe(
      '<p>Rad ett<br />Rad två</p><ul><li>punkt ett</li><li>punkt två</li></ul>' +
        '<p>Slut &lt;b&gt;inte fet&lt;/b&gt; &amp; klart</p>',
    );
    expect(text).toBe('Rad ett\nRad två\n\n• punkt ett\n• punkt två\n\nSlut <b>inte fet</b> & klart');
  });

  it('reads tag-less text_formatted as escaped text, without escaping it twice', () => {
    const { html, text } = normalizeDescription(loadAdFixture('ad2020Style').description);
    expect(html).toContain('75 % &amp; schemat');
    expect(html).not.toContain('&amp;amp;');
    expect(html).toContain('<ul><li>personlig omvårdnad och stöd i vardagen</li>');
    expect(text).toContain('75 % & schemat');
    expect(text).not.toContain('465');
  });

  it('turns raw newlines inside HTML into breaks but not those between blocks', () => {
    const { html } = normalizeDescription({
      text_formatted: '<p>Rubrik</p>\n<p>Stycke</p>Krav:\n\n* Erfarenhet\n* Körkort',
    });
    expect(html).toBe('<p>Rubrik</p><p>Stycke</p>Krav:<br /><br />* Erfarenhet<br />* Körkort');
  });

  it('gives plain text with decoded entities, one space between words and block breaks', () => {
    const { text } = normalizeDescription({
      text_formatted: '<p>R&amp;D  &lt;3\tcaf&eacute;</p><h2>Om oss</h2><ul><li>ett</li><li>två</li></ul>',
    });
    expect(text).toBe('R&D <3 café\n\nOm oss\n\n• ett\n• två');
  });

  it('prefers text_formatted and falls back to text', () => {
    expect(normalizeDescription({ text: 'Vanlig', text_formatted: '<p>Formaterad</p>' }).text).toBe(
      'Formaterad',
    );
    expect(normalizeDescription({ text: 'Vanlig', text_formatted: '   ' }).text).toBe('Vanlig');
  });

  it('gives empty strings when there is no text, so the UI shows its fallback', () => {
    for (const description of [
      null,
      undefined,
      42,
      {},
      { text: '' },
      { text_formatted: '<p> </p><script>x()</script>' },
    ]) {
      expect(normalizeDescription(description)).toEqual({ html: '', text: '' });
    }
  });

  it('removes the contact line of the 2024 ad from both html and text', () => {
    const { html, text } = normalizeDescription(loadAdFixture('ad2024Full').description);
    for (const output of [html, text]) {
      expect(output).not.toMatch(/lisa\.berg|@|070|174 06|390 06|mailto/);
      expect(output).toContain('Frågor om tjänsten besvaras av Lisa Berg.');
    }
  });
});
