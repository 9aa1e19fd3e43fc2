import { lazy, readDataFile } from './data-file.js';
import { PhraseIndex, textTokens, type TextToken } from './phrases/phrase-index.js';
import { occupationMentions, skillMentions, type LabelMention } from './phrases/mentions.js';
import { occupationNameById, occupationNames, skills } from './taxonomy.js';
import type { Concept, OccupationName } from './taxonomy.js';
import { analyzeCompound } from './text/compound.js';
import { pluralForms } from './text/inflection.js';
import { isStopWord } from './text/stop-words.js';
import { tokenize } from './text/tokenize.js';
import { vocabulary } from './text/vocabulary.js';

interface PhraseHints {
  ambiguousOccupationMentions: string[];
  ambiguousSkillMentions: string[];
  compoundHeadOccupations: Record<string, string>;
}

const hints = lazy(() => readDataFile<PhraseHints>('phrase-hints.json'));

/** Exact alternatives beat labels cut before a qualifier; then the shorter, plainer label wins. */
const rankOf = (mention: LabelMention, label: string) => (mention.exact ? 0 : 1000) + label.length;

function isUsable(mention: LabelMention, ambiguous: ReadonlySet<string>): boolean {
  const tokens = tokenize(mention.text);
  if (tokens.length !== 1) return tokens.length > 1;
  const [word = ''] = tokens;
  return word.length >= 2 && !isStopWord(word) && !ambiguous.has(word);
}

const occupationIndex = lazy(() => {
  const index = new PhraseIndex<OccupationName>();
  const ambiguous = new Set(hints().ambiguousOccupationMentions);
  for (const name of occupationNames()) {
    for (const mention of occupationMentions(name.label)) {
      if (!isUsable(mention, ambiguous)) continue;
      const rank = rankOf(mention, name.label);
      index.add(mention.text, name, rank, mention.capitalsOnly);
      // CVs say 'erfarenhet av att leda sjuksköterskor' as often as 'sjuksköterska'.
      const words = tokenize(mention.text);
      const last = words.at(-1);
      if (last && vocabulary().occupationWords.has(last)) {
        for (const plural of pluralForms(last))
          index.add([...words.slice(0, -1), plural].join(' '), name, rank);
      }
    }
  }
  index.seal();
  return index;
});

const skillIndex = lazy(() => {
  const index = new PhraseIndex<Concept>();
  const ambiguous = new Set(hints().ambiguousSkillMentions);
  for (const skill of skills()) {
    for (const mention of skillMentions(skill.label)) {
      if (isUsable(mention, ambiguous))
        index.add(mention.text, skill, rankOf(mention, skill.label), mention.capitalsOnly);
    }
  }
  index.seal();
  return index;
});

/**
 * A compound the taxonomy does not list: its head may be an occupation on its own
 * ('barnsjuksköterska' → sjuksköterska), or a curated head whose modifier is a skill
 * ('javautvecklare' → Systemutvecklare/Programmerare).
 */
function occupationOfCompound(token: TextToken): OccupationName | undefined {
  if (token.word.length < 6) return undefined;
  const parts = analyzeCompound(token.word);
  const head = parts.at(-1);
  if (parts.length < 2 || !head) return undefined;
  const modifiers = parts.slice(0, -1);
  const headOccupationId = hints().compoundHeadOccupations[head.lemma];
  if (headOccupationId && modifiers.some((part) => skillIndex().has(part.lemma))) {
    return occupationNameById(headOccupationId);
  }
  return occupationIndex().get(head.lemma);
}

function scan<T extends { id: string }>(
  text: string,
  index: PhraseIndex<T>,
  fallback?: (token: TextToken) => T | undefined,
): T[] {
  const tokens = textTokens(text);
  const found = new Map<string, T>();
  for (let position = 0; position < tokens.length;) {
    const match = index.matchAt(tokens, position);
    const token = tokens[position];
    const concept = match?.concept ?? (token && fallback?.(token));
    if (concept && !found.has(concept.id)) found.set(concept.id, concept);
    position += match?.length ?? 1;
  }
  return [...found.values()];
}

/** Taxonomy occupation names mentioned in free text, in order of first mention. */
export function findOccupations(text: string): OccupationName[] {
  return scan(text, occupationIndex(), occupationOfCompound);
}

/** Taxonomy skills mentioned in free text ('Java', 'SQL', 'truckkort'), in order of first mention. */
export function findSkills(text: string): Concept[] {
  return scan(text, skillIndex());
}
