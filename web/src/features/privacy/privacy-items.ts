import type { PrivacyFacts } from '@jobbportalen/contracts/api/privacy';
import { formatDays } from '../../lib/format';

/** One kind of data we keep: what, why, on what legal ground and for how long. */
export interface PrivacyItem {
  id: string;
  title: string;
  what: string;
  why: string;
  basis: string;
  howLong: string;
}

const CONTRACT = 'Avtal: du har bett om tjänsten (GDPR art. 6.1 b).';
const CONSENT = 'Samtycke: du har själv bekräftat bevakningen via länken i e-posten (art. 6.1 a).';
const INTEREST = 'Berättigat intresse: att skydda tjänsten och dess användare mot missbruk (art. 6.1 f).';

/**
 * What /integritet lists, every period from the server (`facts`): the page states the very
 * figures the portal deletes by. Checked against the tables and the code, not guessed.
 */
export function privacyItems(facts: PrivacyFacts): PrivacyItem[] {
  const { retention, alerts, login } = facts;
  return [
    {
      id: 'konto',
      title: 'Ditt konto',
      what:
        'Namn, e-postadress, lösenord (bara som en envägshash med argon2id – vi kan inte läsa det), ' +
        'om kontot är en kandidat eller administratör, när kontot skapades och när e-postadressen bekräftades.',
      why: 'För att du ska kunna logga in, spara jobb och sökningar och få e-post från oss.',
      basis: CONTRACT,
      howLong: `Tills du raderar kontot. En inloggning gäller i ${formatDays(login.sessionDays)}.`,
    },
    {
      id: 'sparade-jobb',
      title: 'Sparade jobb',
      what: 'Vilka annonser du har sparat och när.',
      why: 'För att visa dem under Min profil.',
      basis: CONTRACT,
      howLong: 'Tills du tar bort jobbet eller raderar kontot.',
    },
    {
      id: 'bevakningar',
      title: 'Sparade sökningar och bevakningar',
      what:
        'Sökningen, dess namn och hur ofta vi skickar e-post, när den skapades, öppnades, bekräftades ' +
        'och senast skickade e-post, och vilka annonser vi redan har skickat. En bevakning utan konto ' +
        'sparar också e-postadressen.',
      why: 'För att skicka nya annonser som matchar sökningen, och aldrig samma annons två gånger.',
      basis: `${CONTRACT} Bevakning utan konto: ${CONSENT}`,
      howLong:
        `Tills du tar bort sökningen eller avslutar bevakningen – då raderas en adress utan konto direkt. ` +
        `En obekräftad bevakning raderas efter ${formatDays(alerts.unconfirmedDays)}. ` +
        `En bevakning som inte har använts på ${formatDays(alerts.idleBeforeReminderDays)} får en ` +
        `påminnelse och raderas ${formatDays(alerts.removalAfterReminderDays)} senare. ` +
        `Listan över skickade annonser sparas i ${formatDays(retention.alertSentDays)}.`,
    },
    {
      id: 'e-post',
      title: 'E-post vi skickar',
      what: 'Mottagarens adress, meddelandets innehåll, när det skickades och om det gick fram.',
      why: 'För att kunna skicka om ett meddelande som inte gick fram, och följa upp att e-posten fungerar.',
      basis: CONTRACT,
      howLong: `Skickade meddelanden raderas efter ${formatDays(retention.mailDays)}.`,
    },
    {
      id: 'cv',
      title: 'CV och personligt brev (Matcha mig)',
      what:
        'Ingenting. Ditt CV och ditt personliga brev läses bara i serverns minne medan matchningen ' +
        'pågår. De sparas inte – varken i databasen, på disk eller i loggar.',
      why: 'För att föreslå jobb som passar dig.',
      basis: CONTRACT,
      howLong: 'Inte alls: de är borta när svaret har skickats.',
    },
    {
      id: 'min-profil',
      title: 'Min profil (om du sparar en)',
      what:
        'Det vi läste ut ur ditt CV: yrken (med år), kompetenser, språk, körkort, orter och år av ' +
        'erfarenhet – och dina ändringar av dem. CV:t läses bara i serverns minne; texten sparas inte. ' +
        'Själva CV-filen sparas bara om du kryssar i att den ska sparas.',
      why: 'För att visa hur väl annonser passar dig utan att du behöver ladda upp ditt CV varje gång.',
      basis: CONTRACT,
      howLong:
        'Tills du tar bort profilen eller raderar kontot. Läser du in ett nytt CV ersätter det den gamla ' +
        'profilen, och en sparad fil tas bort om du inte sparar den nya.',
    },
    {
      id: 'anmalningar',
      title: 'Anmälda annonser',
      what:
        'Vilken annons, varför och ditt meddelande, när, och ditt konto om du var inloggad. Din ' +
        'IP-adress sparas inte, bara en nyckel som inte går att vända tillbaka till adressen.',
      why: 'För att ta bort bedrägliga eller felaktiga annonser och räkna varje anmälare en gång.',
      basis: INTEREST,
      howLong: `Avgjorda anmälningar raderas efter ${formatDays(retention.resolvedReportDays)}.`,
    },
    {
      id: 'ip',
      title: 'IP-adresser och skydd mot missbruk',
      what:
        'Din IP-adress räknas när du loggar in, registrerar dig, matchar ditt CV, söker eller begär ' +
        'e-post. En IP-adress som du har loggat in från kopplas till din e-postadress. Serverns logg ' +
        'kan innehålla IP-adressen för en förfrågan, men aldrig lösenord, inloggningsnycklar eller ' +
        'hela e-postadresser.',
      why: 'För att stoppa lösenordsgissning och överbelastning utan att låsa ute dig själv.',
      basis: INTEREST,
      howLong:
        'Räknarna finns kvar högst så länge gränsen gäller (en minut till en timme). En IP-adress ' +
        `du har loggat in från kommer vi ihåg i ${formatDays(login.knownAddressDays)}.`,
    },
    {
      id: 'statistik',
      title: 'Besöksstatistik',
      what: 'Antal sidvisningar per sida och dag – inga uppgifter om dig, inga kakor (cookies).',
      why: 'För att se vilka sidor som används.',
      basis: INTEREST,
      howLong: 'Sparas som antal, utan personuppgifter.',
    },
    {
      id: 'webblasare',
      title: 'I din webbläsare',
      what:
        'När du är inloggad sparas din inloggning i webbläsarens lokala lagring. Ett jobb du vill ' +
        'spara innan du loggat in minns fliken tills du har loggat in.',
      why: 'För att du ska förbli inloggad mellan sidorna.',
      basis: CONTRACT,
      howLong: 'Tills du loggar ut (eller stänger fliken, för jobbet).',
    },
    {
      id: 'administratorer',
      title: 'Administratörer',
      what: 'Vilken administratör som startade, stoppade eller körde om importen av annonser.',
      why: 'För att kunna följa upp vad som hänt med importen.',
      basis: INTEREST,
      howLong: `${formatDays(retention.feedControlDays)}.`,
    },
  ];
}
