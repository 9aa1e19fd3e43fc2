import { describe, expect, it } from 'vitest';
import { cvLines } from './cv-sections.js';
import { JUDGED_CVS } from '../fixtures/judged-cvs.js';
import { precisionRecall, scoreExtraction } from '../fixtures/extraction-score.js';
import { extractProfile, summarizeProfile } from './profile.js';
import { findYearsOfExperience } from './profile-experience.js';
import { findDrivingLicences } from './profile-licences.js';
import { findLanguages } from './profile-languages.js';
import { findLocations } from './profile-locations.js';

const NOW = new Date('2025-01-15T12:00:00Z');
const lines = (text: string) => cvLines(text);

describe('profile of each judged CV', () => {
  it.each(JUDGED_CVS.map((cv) => [cv.id, cv] as const))('%s', (_id, cv) => {
    const profile = summarizeProfile(extractProfile(cv.cv, cv.letter, NOW));
    expect(profile.occupations[0]).toBe(cv.expect.occupation);
    expect(profile.locations[0]).toBe(cv.expect.location);
    if (cv.expect.languages) expect(profile.languages).toEqual(cv.expect.languages);
    if (cv.expect.drivingLicences) expect(profile.drivingLicences).toEqual(cv.expect.drivingLicences);
    if (cv.expect.yearsOfExperience !== undefined)
      expect(profile.yearsOfExperience).toBe(cv.expect.yearsOfExperience);
  });
});

describe('extraction over the judged CVs (issue #29)', () => {
  it('reads skills, licences and occupations with precision and recall of at least 0.9', () => {
    const scores = JUDGED_CVS.map((cv) =>
      scoreExtraction(cv, summarizeProfile(extractProfile(cv.cv, cv.letter, NOW))),
    );
    for (const field of ['skills', 'drivingLicences', 'occupations'] as const) {
      const { precision, recall } = precisionRecall(scores.map((score) => score[field]));
      expect(precision, field).toBeGreaterThanOrEqual(0.9);
      expect(recall, field).toBeGreaterThanOrEqual(0.9);
    }
  });
});

describe('occupations', () => {
  it('never reads a short abbreviation as an occupation, but keeps it inside a title', () => {
    const names = (text: string) =>
      extractProfile(text, '', NOW).occupations.map((occupation) => occupation.label);
    for (const text of ['Namn\nCD', 'Namn\nArbetat med CI/CD och HR', 'Namn\nIT och CD-skivor']) {
      expect(names(text)).not.toContain('Creative director/CD');
    }
    expect(names('Namn\nIT-tekniker').length).toBeGreaterThan(0);
  });

  it('reads titles from the headline and work history only, with the years under each title', () => {
    const profile = extractProfile(
      'Namn\nJavautvecklare\n\nErfarenhet\n2017 – 2020 Javautvecklare, Bank\n2020 – 2024 Fullstackutvecklare, Bolag\n\nUtbildning\nSjuksköterskeprogrammet\n\nKompetenser\nLärare i svenska',
      '',
      NOW,
    );
    expect(profile.occupations.map((occupation) => [occupation.name, occupation.years])).toEqual([
      ['Systemutvecklare', 3],
      ['Fullstack-utvecklare', 4],
    ]);
  });

  it('weighs the title at the top and the job sought in the letter over a student job', () => {
    const profile = extractProfile(
      'Sara Lind\nSjuksköterska\n\nErfarenhet\n2015 – 2017 Lagerarbetare (extrajobb)\n2017 – nu Sjuksköterska',
      'Jag söker tjänsten som sjuksköterska.',
      NOW,
    );
    expect(profile.occupations.map((occupation) => occupation.name)).toEqual([
      'Sjuksköterska',
      'Lagerarbetare',
    ]);
    expect(profile.occupations[1]!.weight).toBeLessThan(0.2);
  });

  it('finds compound and English titles, and reads English "chef" as a cook only in English', () => {
    expect(extractProfile('Javautvecklare', '', NOW).occupations[0]?.name).toBe('Systemutvecklare');
    expect(
      extractProfile('Name\nRegistered nurse with five years of experience', '', NOW).occupations[0]?.name,
    ).toBe('Sjuksköterska');
    expect(
      extractProfile('Name\nHead chef at a restaurant in the city and the harbour', '', NOW).occupations[0]
        ?.name,
    ).toBe('Kock à la carte');
    const swedish = extractProfile('Namn\nJag och min chef har arbetat med att utveckla teamet', '', NOW);
    expect(swedish.occupations.map((occupation) => occupation.name)).not.toContain('Kock à la carte');
  });

  it('reads a bare "Elektriker" as an installation electrician, not the film/TV one', () => {
    expect(
      extractProfile('Namn\nElektriker', '', NOW).occupations.map((occupation) => occupation.label),
    ).toEqual(['Installationselektriker']);
  });
});

describe('skills', () => {
  it('reads the Göteborg fullstack CV of issue #29: Java, Spring Boot, React, TypeScript, Kubernetes, CI/CD; no CD occupation', () => {
    const cv = JUDGED_CVS.find((judged) => judged.id === 'sv-fullstack-goteborg')!;
    const profile = extractProfile(cv.cv, cv.letter, NOW);
    const summary = summarizeProfile(profile);
    expect(summary.skills).toEqual(
      expect.arrayContaining(['Java', 'Spring Boot', 'React', 'TypeScript', 'Kubernetes', 'CI/CD']),
    );
    expect(summary.skills).not.toContain('React Native');
    expect(summary.occupations).not.toContain('CD');
    expect(profile.occupations.map((occupation) => occupation.label)).not.toContain('Creative director/CD');
    expect(summary.occupations[0]).toBe('Fullstack-utvecklare');
  });

  it('reads technologies by their spellings, as words of their own', () => {
    const skills = summarizeProfile(
      extractProfile('Namn\nReactJS, React.js, k8s, C#, .NET Core, Node.js och ci/cd', '', NOW),
    ).skills;
    expect(skills).toEqual(expect.arrayContaining(['React', 'Kubernetes', 'C#', '.NET', 'Node', 'CI/CD']));
    const javascriptOnly = summarizeProfile(extractProfile('Namn\nJavaScript-utvecklare', '', NOW)).skills;
    expect(javascriptOnly).not.toContain('Java');
  });

  it('keeps language teaching and company-name noise out of the skills', () => {
    const profile = summarizeProfile(
      extractProfile(
        'Namn\nFiktiva Logistik AB\n2021 – present\nSpråk: svenska, engelska\nJava och SQL',
        '',
        NOW,
      ),
    );
    expect(profile.skills).toEqual(expect.arrayContaining(['Java', 'SQL']));
    for (const noise of ['AB', 'Present']) expect(profile.skills).not.toContain(noise);
    expect(profile.skills.some((skill) => /svenska|engelska/i.test(skill))).toBe(false);
  });
});

describe('languages', () => {
  it.each([
    ['Språk\nSvenska – modersmål\nEngelska – flytande', ['Svenska', 'Engelska']],
    ['Språk: svenska, arabiska och persiska', ['Svenska', 'Arabiska', 'Persiska']],
    ['Jag talar somaliska och svenska flytande.', ['Somaliska', 'Svenska']],
    ['LANGUAGES\nEnglish (native), German (basic)', ['Engelska', 'Tyska']],
    ['Farsi (mother tongue), Swedish C1', ['Persiska', 'Svenska']],
  ])('%s', (text, expected) => {
    expect(findLanguages(lines(`Namn\n${text}`))).toEqual(expected);
  });

  it('does not take a subject or a verb for a language', () => {
    expect(findLanguages(lines('Namn\nLärare i svenska och engelska på gymnasiet'))).toEqual([]);
    expect(findLanguages(lines('Name\nI polish floors and cars'))).toEqual([]);
  });
});

describe('driving licences', () => {
  it.each([
    ['B-körkort', ['B']],
    ['Har körkort B och CE', ['B', 'CE']],
    ['Körkort: B, C, CE', ['B', 'C', 'CE']],
    ['Körkort (B)', ['B']],
    ['körkortsbehörighet BE', ['BE']],
    ['Driving licence B', ['B']],
    ["Driver's license: B, C", ['B', 'C']],
    ['CE-körkort och YKB', ['CE']],
    ['B96-körkort', ['Utökad B']],
    ['Körkort\nB, D', ['B', 'D']],
    ['Har körkort och egen bil', ['B']],
  ])('%s → %j', (text, expected) => {
    expect(findDrivingLicences(lines(`Namn\n${text}`))).toEqual(expected);
  });

  it.each([
    'Inget körkort',
    'Körkort: nej',
    'No driving licence',
    'Truckkort A och B',
    'A licence to operate cranes',
  ])('no licence in %j', (text) => {
    expect(findDrivingLicences(lines(`Namn\n${text}`))).toEqual([]);
  });
});

describe('years of experience', () => {
  it.each([
    ['Sjuksköterska med 5 års erfarenhet', 5],
    ['Över 12 års arbetslivserfarenhet inom handeln', 12],
    ['Jag har fem års erfarenhet av kundtjänst', 5],
    ['Erfarenhet: 7 år', 7],
    ['Developer with 10+ years of experience', 10],
    ["Over 3 years' experience in sales", 3],
  ])('%s → %d', (text, years) => {
    expect(findYearsOfExperience(lines(`Namn\n${text}`), NOW)).toBe(years);
  });

  it('sums employment periods once where they overlap, and leaves education out', () => {
    const cv = [
      'Namn',
      'Arbetslivserfarenhet',
      '2018–2023 Undersköterska',
      '2020 – 2022 Extra helger (samtidigt)',
      'mars 2023 – nu Sjuksköterska',
      'Utbildning',
      '2010–2013 Gymnasiet',
    ].join('\n');
    // 2018-01 … 2023-01 (5 years), then 2023-03 … 2025-01 (22 months): about 7 years.
    expect(findYearsOfExperience(lines(cv), NOW)).toBe(7);
  });

  it('is null when the CV says nothing about time', () => {
    expect(findYearsOfExperience(lines('Namn\nUndersköterska\nOmvårdnad'), NOW)).toBeNull();
  });
});

describe('locations', () => {
  const places = (cv: string, letter = '') =>
    findLocations(
      lines(cv),
      lines(letter).map((line) => ({ ...line, section: 'other' as const })),
    ).map((location) => location.municipality);

  it('puts where the person lives first, ahead of earlier workplaces', () => {
    expect(
      places(
        'Anna Berg\nSjuksköterska\n\nErfarenhet\n2015 – 2018 Sjukhuset i Luleå\n2018 – nu Vårdcentral\nBor i Umeå',
      ),
    ).toEqual(['Umeå', 'Luleå']);
    expect(places('Anna Berg\nKungsgatan 3, 753 21 Uppsala')).toEqual(['Uppsala']);
    expect(places('Name\nLocation: Lund, Sweden')).toEqual(['Lund']);
  });

  it('does not read ordinary words, names or localities as places', () => {
    // 'Bor' is a locality in Värnamo, 'Berg' and 'Mark' are municipalities, 'Lund' a surname.
    expect(places('Erik Lund\nBor i Göteborg.\nMark Berg var min chef.')).toEqual(['Göteborg']);
    expect(places('Namn\nJava och Python')).toEqual([]);
  });

  it('takes a wish in the letter as a place too', () => {
    expect(places('Namn\nKock', 'Jag söker jobb i Helsingborg.')).toEqual(['Helsingborg']);
  });
});
