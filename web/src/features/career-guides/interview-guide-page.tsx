import { PAGES } from '@jobbportalen/contracts';
import { GuideArticle } from './guide-article';

const CONTENTS: [string, string][] = [
  ['fore', 'Före intervjun'],
  ['fragor', 'Vanliga frågor och hur du svarar'],
  ['star', 'Svara med exempel: STAR-metoden'],
  ['digital', 'Intervju via video'],
  ['under', 'Under intervjun'],
  ['efter', 'Efter intervjun'],
  ['misstag', 'Vanliga misstag'],
];

export function InterviewGuidePage() {
  return (
    <GuideArticle
      page={PAGES.interviewGuide}
      intro="En kallelse till intervju betyder att arbetsgivaren redan tror att du kan passa. Nu gäller det att bekräfta det. Med rätt förberedelser blir intervjun ett samtal i stället för ett förhör."
      contents={CONTENTS}
    >
      <section id="fore">
        <h2>Före intervjun</h2>
        <h3>Lär känna arbetsgivaren</h3>
        <p>
          Läs på webbplatsen, i nyheter och på sociala medier. Vad gör de, vilka är deras kunder, vad har hänt
          nyligen? Du behöver inte kunna allt, men du ska kunna svara på varför du vill jobba just där.
        </p>
        <h3>Gå igenom annonsen igen</h3>
        <p>
          Skriv ner de fem viktigaste kraven och ett exempel från ditt eget arbetsliv för vart och ett. Det är
          nästan alltid dem intervjun kommer att handla om.
        </p>
        <h3>Förbered egna frågor</h3>
        <p>
          Ha tre frågor redo. De visar intresse och hjälper dig avgöra om jobbet passar dig. Till exempel:
        </p>
        <ul>
          <li>Hur ser en vanlig arbetsvecka ut?</li>
          <li>Vad behöver den som får jobbet lyckas med under de första månaderna?</li>
          <li>Hur ser teamet ut, och hur arbetar ni tillsammans?</li>
        </ul>
        <h3>Det praktiska</h3>
        <ul>
          <li>
            Kontrollera adress, tid och vem du ska fråga efter. Planera att vara på plats tio minuter innan.
          </li>
          <li>Klä dig som man gör på arbetsplatsen, gärna en nivå piffigare.</li>
          <li>Ta med CV, annonsen och dina frågor – på papper eller i telefonen.</li>
        </ul>
      </section>

      <section id="fragor">
        <h2>Vanliga frågor och hur du svarar</h2>
        <h3>”Berätta om dig själv.”</h3>
        <p>
          Ge en kort yrkesberättelse på en till två minuter: var du är i dag, vad du har gjort som är relevant
          och varför du söker det här jobbet. Privatlivet kan du nämna i en mening, om alls.
        </p>
        <h3>”Varför söker du det här jobbet?”</h3>
        <p>
          Nämn något konkret om arbetsgivaren eller uppgifterna, och koppla det till vad du vill och kan.
          Undvik svar som bara handlar om lön, pendlingsavstånd eller att du vill bort från ditt nuvarande
          jobb.
        </p>
        <h3>”Vilka är dina styrkor och svagheter?”</h3>
        <p>
          Välj styrkor som jobbet kräver och ge ett exempel på var och en. Välj en verklig svaghet som inte är
          avgörande för tjänsten, och berätta vad du gör åt den.
        </p>
        <h3>”Berätta om en gång då något gick fel.”</h3>
        <p>
          Arbetsgivaren vill se hur du hanterar motgångar. Välj en verklig situation, var kort om problemet
          och lägg tiden på vad du gjorde och vad du lärde dig.
        </p>
        <h3>”Vad har du för löneanspråk?”</h3>
        <p>
          Ta reda på vad jobbet brukar ge, till exempel via fackförbundets lönestatistik. Ange ett spann eller
          en nivå du kan motivera, och säg att helheten – arbetsuppgifter, förmåner och utveckling – också
          spelar roll.
        </p>
      </section>

      <section id="star">
        <h2>Svara med exempel: STAR-metoden</h2>
        <p>
          På frågor som börjar med ”Berätta om en gång då …” fungerar STAR-metoden bra. Den hjälper dig att ge
          ett konkret och lagom långt svar:
        </p>
        <ul>
          <li>
            <strong>Situation</strong> – var var du och vad hände?
          </li>
          <li>
            <strong>Task (uppgift)</strong> – vad var ditt ansvar?
          </li>
          <li>
            <strong>Action (handling)</strong> – vad gjorde du, konkret?
          </li>
          <li>
            <strong>Resultat</strong> – hur gick det, och vad lärde du dig?
          </li>
        </ul>
        <p>Exempel på ett svar på frågan ”Berätta om en gång då du hade mycket att göra”:</p>
        <blockquote>
          <p>
            Förra våren blev två kollegor sjuka samtidigt under bokslutet (situation). Jag var ansvarig för
            att leverantörsreskontran skulle stämma till månadsskiftet (uppgift). Jag listade allt som
            återstod, kom överens med min chef om vad som kunde vänta och bad en kollega på lönesidan om hjälp
            med avstämningarna två eftermiddagar (handling). Vi blev klara en dag före deadline, och listan
            blev sedan vår checklista inför varje bokslut (resultat).
          </p>
        </blockquote>
      </section>

      <section id="digital">
        <h2>Intervju via video</h2>
        <ul>
          <li>
            Testa länken, kameran och mikrofonen dagen innan – och ha telefonnumret till rekryteraren nära
            till hands.
          </li>
          <li>Sitt med ljuset framifrån och kameran i ögonhöjd. En lugn bakgrund räcker.</li>
          <li>Stäng av aviseringar och andra program.</li>
          <li>Titta in i kameran när du pratar, då upplevs du som att du har ögonkontakt.</li>
        </ul>
      </section>

      <section id="under">
        <h2>Under intervjun</h2>
        <ul>
          <li>
            Lyssna färdigt på frågan. Det är helt okej att ta en kort paus innan du svarar, eller att be om
            ett förtydligande.
          </li>
          <li>Håll svaren konkreta. Ett exempel säger mer än tre adjektiv.</li>
          <li>Var ärlig. Kan du inte något, säg det – och berätta hur du brukar lära dig nya saker.</li>
          <li>Fråga om nästa steg i slutet: när kan du räkna med besked, och blir det fler intervjuer?</li>
        </ul>
      </section>

      <section id="efter">
        <h2>Efter intervjun</h2>
        <p>
          Skicka gärna ett kort tack via e-post samma dag, med en mening om något ni pratade om. Skriv ner
          vilka frågor du fick och vad du svarade – det är guld inför nästa intervju. Har du inte hört något
          när beskedet skulle ha kommit, är det helt i sin ordning att höra av dig och fråga hur det går.
        </p>
        <p>
          Fick du inte jobbet? Be om återkoppling. Alla arbetsgivare svarar inte, men de som gör det ger dig
          ofta det bästa underlaget för nästa ansökan.
        </p>
      </section>

      <section id="misstag">
        <h2>Vanliga misstag</h2>
        <ul>
          <li>
            <strong>Att inte ha läst på.</strong> ”Vad vet du om oss?” är en av de vanligaste frågorna.
          </li>
          <li>
            <strong>Att prata illa om tidigare arbetsgivare.</strong> Beskriv hellre vad du söker än vad du
            flyr från.
          </li>
          <li>
            <strong>Att svara för långt.</strong> Sikta på en till två minuter per svar och fråga om de vill
            höra mer.
          </li>
          <li>
            <strong>Att inte ha några egna frågor.</strong> Det kan tolkas som ointresse.
          </li>
          <li>
            <strong>Att komma för sent utan att höra av sig.</strong> Händer något, ring direkt.
          </li>
        </ul>
      </section>
    </GuideArticle>
  );
}
