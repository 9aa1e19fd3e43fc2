import { describe, expect, it } from 'vitest';
import { containsContactDetails, removeContactDetails } from './contact-details.js';

describe('removeContactDetails', () => {
  it.each([
    '070-174 06 05',
    '0701740605',
    '070 174 06 05',
    '070–174 06 05',
    '+46 70 174 06 05',
    '+46 (0)70-174 06 05',
    '+46701740605',
    '0046 70 174 06 05',
    '08-465 004 10',
    '08 - 465 004 10',
    '(08) 465 004 10',
    '031-390 06 20',
    '0431-123 45',
    '070\u00a0174\u00a006\u00a005',
  ])('removes the phone number %s', (phone) => {
    expect(removeContactDetails(`Ring ${phone} idag`)).toBe('Ring idag');
  });

  it.each([
    'lisa.berg@nordkod.example',
    'info@firma.se',
    'jobb+sälj@kök.se',
    'anna (at) firma.se',
    'anna[at]firma.se',
  ])('removes the e-mail address %s', (email) => {
    expect(removeContactDetails(`Skriv ${email} idag`)).toBe('Skriv idag');
  });

  it('takes the label and the punctuation that only served the removed items', () => {
    expect(
      removeContactDetails('Frågor besvaras av Lisa Berg, tel. 070-174 06 05, e-post lisa@nordkod.example.'),
    ).toBe('Frågor besvaras av Lisa Berg.');
    expect(removeContactDetails('Ring 070-174 06 05 eller 08-465 004 10 för frågor.')).toBe(
      'Ring för frågor.',
    );
    expect(removeContactDetails('Kontakta Jonas (070-174 06 12) om lön.')).toBe('Kontakta Jonas om lön.');
    expect(removeContactDetails('Telefon: 031-390 06 20\nE-post: jonas@firma.se')).toBe('\n');
    expect(removeContactDetails('Frågor? Ring Anna på 070-174 06 05.')).toBe('Frågor? Ring Anna.');
    expect(removeContactDetails('Skicka din ansökan till jobb@firma.se senast 1 maj.')).toBe(
      'Skicka din ansökan senast 1 maj.',
    );
    expect(removeContactDetails('Ring Anna på 070-174 06 05 eller Per via per@firma.se.')).toBe(
      'Ring Anna eller Per.',
    );
    // Only the word that led to the item: "på" elsewhere in the sentence stays.
    expect(removeContactDetails('Tjänsten är på heltid, ring 070-174 06 05.')).toBe(
      'Tjänsten är på heltid, ring.',
    );
  });

  it.each([
    'Arbetstid kl. 08.00–17.00',
    'Ansök senast 2024-05-08',
    'Lön 30 000 - 35 000 kr',
    'Organisationsnummer 556900-0001',
    'Läs på https://firma.example/jobb/0701740605',
    'https://firma.example/ansok?ref=0812345678',
    'Vi är 140 medarbetare och tjänsten är på 0–100 %',
    'Postadress 871 54 Härnösand',
    'Spelare födda 2013-2006',
    'Telefonförsäljning och e-post är vardag',
    'Omsättning 12 080 000 000 kr',
  ])('keeps text that only looks like contact details: %s', (text) => {
    expect(removeContactDetails(text)).toBe(text);
  });

  it('does not take a word that merely ends like a label', () => {
    expect(removeContactDetails('Vi använder Gmail anna@firma.se dagligen')).toBe(
      'Vi använder Gmail dagligen',
    );
  });
});

describe('containsContactDetails', () => {
  it('tells text with and without contact details apart', () => {
    expect(containsContactDetails('mailto:anna@firma.se')).toBe(true);
    expect(containsContactDetails('Ring 08-465 004 10')).toBe(true);
    expect(containsContactDetails('https://firma.example/jobb/17')).toBe(false);
  });
});
