// Grouped by word class so a reviewer can see why each word is here. Deliberately absent:
// prepositions and adverbs that open job-title compounds ('under', 'över', 'inne', 'ute'),
// words that are also nouns or adjectives in ads ('man', 'år', 'fast' as in fast anställning).
const WORDS_BY_CLASS = {
  personalPronouns: 'jag mig du dig han honom hon henne hen den det vi oss ni er de dem sig själv själva',
  possessivePronouns:
    'min mitt mina din ditt dina hans hennes hens dess sin sitt sina vår vårt våra ert era deras',
  otherPronouns:
    'denna detta dessa sådan sådant sådana vem vad vilken vilket vilka vars som någon något några ' +
    'ingen inget inga varje all allt alla annan annat andra samma båda bägge',
  articles: 'en ett',
  conjunctions:
    'och samt eller men utan att om då när medan eftersom fastän ty så än både varken antingen ifall innan sedan',
  prepositions:
    'i på av till från med för hos vid mot åt genom efter inom utom mellan bland kring runt enligt ' +
    'trots via per bakom framför bredvid',
  auxiliaryVerbs:
    'är var vara varit blir bli blev blivit har ha hade haft kan kunna kunde kunnat ska skall skulle ' +
    'vill ville måste får fick bör borde må torde',
  adverbs:
    'inte icke ej ju nog väl också även bara redan ännu nu här där dit hit hur varför vart ut upp ner ' +
    'in mycket mer mest ganska dock alltså därför därmed dessutom sen',
  abbreviations: 'bl.a m.fl t.ex o.s.v osv etc',
};

/** A Swedish stop-word list for the search engine and the index-time enrichment. */
export const SWEDISH_STOP_WORDS: readonly string[] = Object.freeze([
  ...new Set(Object.values(WORDS_BY_CLASS).flatMap((words) => words.split(' '))),
]);

const STOP_WORD_SET: ReadonlySet<string> = new Set(SWEDISH_STOP_WORDS);

export const isStopWord = (word: string): boolean => STOP_WORD_SET.has(word.toLowerCase());
