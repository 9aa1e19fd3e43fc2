import { describe, expect, it } from 'vitest';
import { searchDocument } from '../fixtures/test-documents.js';
import { matchReason } from './match-reason.js';
import { extractProfile } from '../profile/profile.js';
import { rankCandidates, type Candidate } from './ranking.js';
import { buildQueries, queryWords, MAX_QUERY_WORDS } from './match-queries.js';

const NOW = new Date('2025-01-15T12:00:00Z');
const GBG = { municipality: 'Göteborg', region: 'Västra Götalands län' };
const KUNGSBACKA = { municipality: 'Kungsbacka', region: 'Hallands län' };
const MOLNDAL = { municipality: 'Mölndal', region: 'Västra Götalands län' };

const developer = extractProfile(
  'Erik Johansson\nJavautvecklare\nBor i Göteborg\n\nKompetenser\nJava, SQL, Docker',
  'Jag söker tjänsten som systemutvecklare.',
  NOW,
);

const ad = (spec: Parameters<typeof searchDocument>[0]): Candidate => searchDocument(spec);

describe('rankCandidates', () => {
  const candidates = [
    ad({
      id: 'warehouse-gbg',
      title: 'Lagerarbetare',
      occupation: 'Lagerarbetare',
      ssyk: '4322',
      ...GBG,
      must: ['Truckvana'],
    }),
    ad({
      id: 'dev-kungsbacka',
      title: 'Utvecklare',
      occupation: 'Backend-utvecklare',
      ssyk: '2512',
      ...KUNGSBACKA,
      must: ['Java, programmeringsspråk'],
    }),
    ad({
      id: 'dev-molndal',
      title: 'Utvecklare',
      occupation: 'Backend-utvecklare',
      ssyk: '2512',
      ...MOLNDAL,
      must: ['Java, programmeringsspråk'],
    }),
    ad({
      id: 'dev-gbg',
      title: 'Utvecklare',
      occupation: 'Systemutvecklare/Programmerare',
      ssyk: '2512',
      ...GBG,
      must: ['Java, programmeringsspråk', 'SQL, frågespråk'],
    }),
    ad({
      id: 'dev-gbg-csharp',
      title: 'Utvecklare',
      occupation: 'Systemutvecklare/Programmerare',
      ssyk: '2512',
      ...GBG,
      must: ['C#, programmeringsspråk'],
    }),
    ad({
      id: 'dev-remote',
      title: 'Utvecklare',
      occupation: 'Systemutvecklare/Programmerare',
      ssyk: '2512',
      ...KUNGSBACKA,
      remote: true,
      must: ['Java, programmeringsspråk'],
    }),
  ];

  it('orders by occupation, then skills and place: home town, remote, next door (Mölndal, 8 km; Kungsbacka, 25 km in another län), elsewhere', () => {
    const order = rankCandidates(candidates, developer).map((entry) => entry.candidate.id);
    expect(order).toEqual([
      'dev-gbg',
      'dev-remote',
      'dev-molndal',
      'dev-kungsbacka',
      'dev-gbg-csharp',
      'warehouse-gbg',
    ]);
  });

  it('puts every near ad of the occupation before a far one, and the home town before a town 50 km away in the same län', () => {
    const cook = extractProfile(
      'Jonas Persson\nKock\nBor i Helsingborg\n\nKompetenser\nHACCP, livsmedelshygien',
      'Jag söker tjänsten som kock i Helsingborg.',
      NOW,
    );
    const kitchen = (id: string, place: { municipality: string; region: string }, must: string[]) =>
      ad({ id, title: 'Kock', occupation: 'Kock à la carte', ssyk: '5120', ...place, must });
    const order = rankCandidates(
      [
        kitchen('lund-every-skill', { municipality: 'Lund', region: 'Skåne län' }, [
          'HACCP',
          'Livsmedelshygien',
        ]),
        kitchen('stockholm-every-skill', { municipality: 'Stockholm', region: 'Stockholms län' }, [
          'HACCP',
          'Livsmedelshygien',
        ]),
        kitchen('helsingborg-one-skill', { municipality: 'Helsingborg', region: 'Skåne län' }, [
          'HACCP',
          'Menyplanering för storhushåll',
        ]),
        kitchen('kiruna-no-skill', { municipality: 'Kiruna', region: 'Norrbottens län' }, []),
      ],
      cook,
    ).map((entry) => entry.candidate.id);
    expect(order).toEqual([
      'helsingborg-one-skill',
      'lund-every-skill',
      'stockholm-every-skill',
      'kiruna-no-skill',
    ]);
  });

  it('scores 0–100, the full fit near the top', () => {
    const ranked = rankCandidates(candidates, developer);
    expect(ranked[0]!.score).toBeGreaterThanOrEqual(90);
    for (const entry of ranked) {
      expect(entry.score).toBeGreaterThanOrEqual(0);
      expect(entry.score).toBeLessThanOrEqual(100);
    }
    expect(ranked.at(-1)!.score).toBeLessThan(40);
  });

  it('lets the semantic signal break ties when it is there', () => {
    const twins = [
      ad({ id: 'a', title: 'Utvecklare', occupation: 'Backend-utvecklare', ssyk: '2512', ...GBG }),
      ad({ id: 'b', title: 'Utvecklare', occupation: 'Backend-utvecklare', ssyk: '2512', ...GBG }),
    ];
    expect(
      rankCandidates(
        twins,
        developer,
        new Map([
          ['b', 0.9],
          ['a', 0.1],
        ]),
      ).map((entry) => entry.candidate.id),
    ).toEqual(['b', 'a']);
  });

  it('covers an ad skill by a shared core name ("butiksvana" covers both qualified labels)', () => {
    const seller = extractProfile('Namn\nButikssäljare\nButiksvana och kassavana', '', NOW);
    const [entry] = rankCandidates(
      [
        ad({
          id: 'shop',
          title: 'Butikssäljare',
          occupation: 'Butikssäljare, fackhandel',
          ssyk: '5223',
          ...GBG,
          must: ['Butiksvana, dagligvaror', 'Kassavana'],
        }),
      ],
      seller,
    );
    expect(entry!.evidence.mustCovered).toEqual(['Butiksvana, dagligvaror', 'Kassavana']);
  });
});

describe('matchReason', () => {
  it('names occupation, covered requirements, place and what is missing', () => {
    const [best] = rankCandidates(
      [
        ad({
          id: 'x',
          title: 'Utvecklare',
          occupation: 'Systemutvecklare/Programmerare',
          ssyk: '2512',
          ...GBG,
          must: ['Java, programmeringsspråk', 'SQL, frågespråk', 'Kubernetes, containerhantering'],
        }),
      ],
      developer,
    );
    expect(matchReason(best!.candidate, best!.evidence)).toBe(
      'Yrke: Systemutvecklare · Kompetenser: Java, SQL (2 av 3 krav) · Ort: Göteborg · Saknas: Kubernetes',
    );
  });

  it('says when the match is the same occupation group, a remote job or the same län', () => {
    const ranked = rankCandidates(candidates(), developer);
    const reasons = Object.fromEntries(
      ranked.map((entry) => [entry.candidate.id, matchReason(entry.candidate, entry.evidence)]),
    );
    expect(reasons['group-molndal']).toBe(
      'Yrke: Backend-utvecklare (samma yrkesgrupp som Systemutvecklare) · Län: Västra Götalands län (Mölndal)',
    );
    expect(reasons.remote).toContain('Distansarbete');
    function candidates() {
      return [
        ad({
          id: 'group-molndal',
          title: 'Utvecklare',
          occupation: 'Backend-utvecklare',
          ssyk: '2512',
          ...MOLNDAL,
        }),
        ad({
          id: 'remote',
          title: 'Utvecklare',
          occupation: 'Backend-utvecklare',
          ssyk: '2512',
          ...KUNGSBACKA,
          remote: true,
        }),
      ];
    }
  });
});

describe('queries', () => {
  it('never sends more than 10 words in one query', () => {
    const words = queryWords([
      'Java, SQL, Docker, Kubernetes, Linux, Git, Python, React, TypeScript, Scrum, AWS, Azure',
    ]);
    expect(words.split(' ')).toHaveLength(MAX_QUERY_WORDS);
    const long = extractProfile(
      `Namn\nSystemutvecklare\n${'Java SQL Docker Linux Git Python TypeScript Scrum HTML CSS C# PostgreSQL '.repeat(3)}`,
      '',
      NOW,
    );
    for (const query of buildQueries(long, 'jobs'))
      expect((query.q ?? '').split(' ').filter(Boolean).length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
  });

  it('asks per occupation group, near the person and in their län', () => {
    const queries = buildQueries(developer, 'jobs');
    const filters = queries.map((query) => query.filter);
    expect(filters).toContain('occupationGroupId = "DJh5_yyF_hEM"');
    expect(filters).toContain(
      'occupationGroupId = "DJh5_yyF_hEM" AND (municipality = "Göteborg" OR remote = true)',
    );
    expect(filters).toContain('occupationGroupId = "DJh5_yyF_hEM" AND region = "Västra Götalands län"');
    expect(queries.every((query) => query.indexUid === 'jobs')).toBe(true);
  });
});
