import { Type, type Static } from 'typebox';
import { REMOVABLE_FILTER_NAMES } from '../job-query-help.js';
import type { QueryRules } from '../job-query-understand.js';
import type { OccupationLexicon } from '../occupation-words.js';

const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/**
 * How /api/jobs understood the search text (contracts' understandJobQuery): the text as typed
 * and the parts it became. Null when the text was searched as typed (or `exact=true`).
 */
export const QueryInterpretationAnswer = Type.Union(
  [
    Type.Object({
      typed: Type.String({ description: 'Söktexten som den skrevs' }),
      text: nullableText('Texten som söktes; null när hela texten blev filter'),
      mainCategory: nullableText('Huvudkategori som texten angav'),
      city: nullableText('Ort som texten angav'),
      extent: nullableText('Omfattning som texten angav (Heltid/Deltid)'),
      form: nullableText('Anställningsform som texten angav (sommarjobb)'),
      description: Type.String({ description: 'Tolkningen i ord, t.ex. Visar jobb som lärare i Malmö' }),
    }),
    Type.Null(),
  ],
  { description: 'Hur söktexten tolkades; null när den söktes som den skrevs' },
);
export type QueryInterpretationAnswer = Static<typeof QueryInterpretationAnswer>;

/**
 * GET /api/jobs/zero-hit-help: for a search that finds nothing, what would find something —
 * spellings of the text that have hits ('Menade du …?') and each filter whose removal gives hits,
 * with the number of jobs the search would then show.
 */
export const ZeroHitHelp = Type.Object(
  {
    totalHits: Type.Integer({ minimum: 0, description: 'Antal träffar för sökningen som den är' }),
    suggestions: Type.Array(
      Type.Object({
        text: Type.String({ description: 'Föreslagen söktext' }),
        totalHits: Type.Integer({ minimum: 1 }),
      }),
      { description: 'Menade du …? Bara förslag som ger träffar, bäst först (högst 3)' },
    ),
    removableFilters: Type.Array(
      Type.Object({
        name: Type.Unsafe<(typeof REMOVABLE_FILTER_NAMES)[number]>(
          Type.Union(REMOVABLE_FILTER_NAMES.map((name) => Type.Literal(name))),
        ),
        label: Type.String({ description: 'Filtret i ord, t.ex. Heltid' }),
        totalHits: Type.Integer({ minimum: 1, description: 'Antal träffar utan filtret' }),
      }),
      { description: 'Filter vars borttagning ger träffar, med antalet' },
    ),
  },
  { description: 'Hjälp när sökningen inte hittar något (tomt när den hittar)' },
);
export type ZeroHitHelp = Static<typeof ZeroHitHelp>;

/**
 * GET /api/jobs/also-mentions: how many more ads the search would show with `alsoMentions=true`
 * ('Visa även N annonser som nämner ”utvecklare” i texten'), and the occupation words it names.
 */
export const AlsoMentionsAnswer = Type.Object(
  {
    words: Type.Array(Type.String(), {
      description:
        'Sökningens yrkesord som de skrevs; tom när texten saknar yrkesord, är exakt eller redan vidgad',
    }),
    totalHits: Type.Integer({
      minimum: 0,
      description:
        'Antal annonser som bara nämner yrket i texten och som sökningen får till med alsoMentions=true',
    }),
  },
  { description: 'Hur många fler annonser sökningen ger om den också tar med annonser som nämner yrket' },
);
export type AlsoMentionsAnswer = Static<typeof AlsoMentionsAnswer>;

const Words = (description: string) => Type.Array(Type.String(), { description });
const WordMap = (description: string) => Type.Record(Type.String(), Type.String(), { description });

/**
 * GET /api/jobs/query-rules: what the browser needs to understand a text as /api/jobs does — the
 * rules (lexicon/data/query-understanding.json, whose note says what each list means) and the
 * live ads' titles that are searched as typed.
 */
export const QueryKnowledgeAnswer = Type.Object(
  {
    rules: Type.Unsafe<QueryRules>(
      Type.Object({
        jobWords: Words('Ord som bara betyder jobb'),
        jobWordsBeforeRoleOrPlace: Words('Ord som betyder jobb före som eller en ort'),
        jobCompoundEndings: Words('Slut på sammansättningar med jobb'),
        roleMarkers: Words('Ord före en yrkestitel (som)'),
        placePrepositions: Words('Ord före en ort (i, på)'),
        extentWords: WordMap('Ord för omfattning'),
        stems: WordMap('Förled som betyder ett annat ord (lärar → lärare)'),
        keptStems: Words('Förled vars sammansättning söks som den är (sommar)'),
        linkingEndings: Words('Förled som tappar sitt foge-s'),
        stemFilters: Type.Record(
          Type.String(),
          Type.Object({
            mainCategory: Type.Optional(Type.String()),
            city: Type.Optional(Type.String()),
            extent: Type.Optional(Type.String()),
            form: Type.Optional(Type.String()),
          }),
          { description: 'Förled som är ett filter (it → IT)' },
        ),
        placesThatAreWords: Words('Orter som också är vanliga ord: bara efter i/på'),
      }),
    ),
    keptTexts: Words('Annonstitlar som alltid söks som de skrivs'),
  },
  { description: 'Det webbläsaren behöver för att tolka en söktext som /api/jobs gör' },
);
export type QueryKnowledgeAnswer = Static<typeof QueryKnowledgeAnswer>;

/**
 * GET /api/jobs/occupation-words: the occupation words a search text is read with (contracts'
 * OccupationLexicon), for the browser's search client, so it searches occupation words as /api/jobs does.
 */
export const OccupationWordsAnswer = Type.Unsafe<OccupationLexicon>(
  Type.Object(
    {
      words: Words('Yrkesord i singular, utan å/ä/ö'),
      shortModifiers: Words('Korta förled som ändå inleder en sammansättning (it, el)'),
      alsoMeans: Type.Record(Type.String(), Type.Array(Type.String()), {
        description: 'Vad ett yrkesord också omfattar (synonymer, vardagliga titlar)',
      }),
      notMisspellings: Words('Ord som aldrig läses som ett felstavat yrke'),
      wholeWords: Words('Yrkesord som aldrig delas i förled och huvudord (marknadsförare)'),
      phrases: Words('Yrken i flera ord (personlig assistent)'),
    },
    { description: 'Yrkesorden som en söktext läses med' },
  ),
);
