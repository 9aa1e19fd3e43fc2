import { PAGES } from '@jobbportalen/contracts';
import { BeforeAfter, GuideArticle, TemplateDownload } from './guide-article';

const CONTENTS: [string, string][] = [
  ['syfte', 'Vad brevet ska visa'],
  ['struktur', 'Struktur: brevets fyra delar'],
  ['tips', 'Konkreta tips'],
  ['exempel', 'Exempel'],
  ['misstag', 'Vanliga misstag'],
  ['mall', 'Ladda ner mallen'],
];

export function LetterGuidePage() {
  return (
    <GuideArticle
      page={PAGES.letterGuide}
      intro="CV:t visar vad du har gjort. Det personliga brevet visar varför du vill ha just det här jobbet och vad du kommer att bidra med. Så här skriver du ett brev som är personligt utan att bli privat."
      contents={CONTENTS}
    >
      <section id="syfte">
        <h2>Vad brevet ska visa</h2>
        <p>Ett bra personligt brev svarar på tre frågor:</p>
        <ol>
          <li>Varför söker du just det här jobbet hos just den här arbetsgivaren?</li>
          <li>Vad har du gjort som visar att du klarar uppgifterna i annonsen?</li>
          <li>Hur är du att arbeta med?</li>
        </ol>
        <p>
          Brevet ska inte upprepa CV:t. Välj i stället ut två eller tre erfarenheter och berätta mer om dem –
          vad du gjorde, hur och vad det ledde till.
        </p>
      </section>

      <section id="struktur">
        <h2>Struktur: brevets fyra delar</h2>
        <h3>1. Inledning som väcker intresse</h3>
        <p>
          Skriv vilket jobb du söker och varför det lockar dig – gärna något konkret om arbetsgivaren. Undvik
          att börja med ”Jag heter …”; ditt namn står redan överst.
        </p>
        <h3>2. Varför du passar</h3>
        <p>
          Koppla annonsens viktigaste krav till dina erfarenheter. Ett eller två stycken, med ett exempel i
          varje. Det är här brevet vinner eller förlorar.
        </p>
        <h3>3. Hur du är att arbeta med</h3>
        <p>
          Beskriv dina personliga egenskaper genom situationer, inte adjektiv. Välj egenskaper som annonsen
          efterfrågar.
        </p>
        <h3>4. Avslutning</h3>
        <p>
          Sammanfatta kort vad du kan bidra med och skriv att du gärna berättar mer vid en intervju. Avsluta
          med en hälsning och ditt namn.
        </p>
      </section>

      <section id="tips">
        <h2>Konkreta tips</h2>
        <ul>
          <li>
            <strong>Håll dig till en sida.</strong> Tre till fem korta stycken räcker. Många rekryterare läser
            brevet på mobilen.
          </li>
          <li>
            <strong>Skriv till en människa.</strong> Står en kontaktperson i annonsen, skriv ”Hej Maria!” i
            stället för ”Till den det berör”.
          </li>
          <li>
            <strong>Använd annonsens ord.</strong> Söker de någon som är ”strukturerad och
            lösningsorienterad”, visa ett exempel på just det.
          </li>
          <li>
            <strong>Var konkret.</strong> ”Jag har planerat scheman för 40 medarbetare” säger mer än ”jag är
            bra på planering”.
          </li>
          <li>
            <strong>Ring gärna först.</strong> Ett kort samtal med kontaktpersonen ger dig något konkret att
            skriva om – och arbetsgivaren minns ditt namn.
          </li>
          <li>
            <strong>Läs igenom högt.</strong> Du hör krångliga meningar och upprepningar som ögat missar.
          </li>
        </ul>
      </section>

      <section id="exempel">
        <h2>Exempel</h2>
        <h3>Inledning</h3>
        <BeforeAfter
          before={
            <p>
              Hej! Jag heter Ali och är 29 år. Jag såg er annons och tänkte att jag skulle söka eftersom jag
              behöver ett nytt jobb.
            </p>
          }
          after={
            <p>
              När jag läste att ni bygger upp en ny kundtjänst för era nordiska kunder kände jag direkt igen
              mig: de senaste tre åren har jag varit med och startat upp kundtjänsten på Norrlands Energi,
              från två till tolv medarbetare.
            </p>
          }
        />
        <h3>Egenskaper</h3>
        <BeforeAfter
          before={<p>Jag är stresstålig, social och flexibel.</p>}
          after={
            <p>
              Under julhandeln ansvarade jag ensam för kassan och returerna två dagar i veckan. Jag lärde mig
              att hålla lugnet när kön växer – och att en snabb förklaring till en irriterad kund ofta vänder
              hela samtalet.
            </p>
          }
        />
        <h3>Avslutning</h3>
        <blockquote>
          <p>
            Jag skulle gärna bidra med min erfarenhet av att bygga upp rutiner i en växande verksamhet, och
            berättar mer om hur vid en intervju. Tack för att du läste mitt brev!
          </p>
          <p>
            Vänliga hälsningar
            <br />
            Ali Hassan
          </p>
        </blockquote>
      </section>

      <section id="misstag">
        <h2>Vanliga misstag</h2>
        <ul>
          <li>
            <strong>Ett standardbrev.</strong> Fel företagsnamn kvar från förra ansökan är det snabbaste
            sättet att bli bortsorterad.
          </li>
          <li>
            <strong>Fokus på vad du vill få.</strong> ”Jag vill utvecklas” är okej, men arbetsgivaren vill
            främst veta vad du kan ge.
          </li>
          <li>
            <strong>En upprepning av CV:t.</strong> Berätta i stället historien bakom två av punkterna.
          </li>
          <li>
            <strong>Ursäkter.</strong> Skriv inte ”även om jag saknar erfarenhet av …”. Lyft det du har i
            stället.
          </li>
          <li>
            <strong>För privat.</strong> Familj, hälsa och fritid hör bara hemma i brevet om det är relevant
            för jobbet.
          </li>
        </ul>
      </section>

      <section id="mall">
        <h2>Ladda ner mallen</h2>
        <p>
          Mallen visar brevets fyra delar med exempel på formuleringar som du byter ut mot dina egna. Kom ihåg
          att anpassa varje brev efter annonsen.
        </p>
        <TemplateDownload
          href="/mallar/personligt-brev-mall.pdf"
          label="Mall för personligt brev"
          description="En sida med inledning, varför du passar, hur du är att arbeta med och avslutning."
        />
      </section>
    </GuideArticle>
  );
}
