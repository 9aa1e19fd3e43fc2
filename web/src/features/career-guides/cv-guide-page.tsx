import { PAGES } from '@jobbportalen/contracts';
import { BeforeAfter, GuideArticle, TemplateDownload } from './guide-article';

const CONTENTS: [string, string][] = [
  ['vad-ar-ett-cv', 'Vad ett CV ska göra'],
  ['struktur', 'Struktur: rubrikerna i ordning'],
  ['tips', 'Konkreta tips'],
  ['exempel', 'Exempel: svagare och starkare'],
  ['misstag', 'Vanliga misstag'],
  ['mall', 'Ladda ner CV-mallen'],
];

export function CvGuidePage() {
  return (
    <GuideArticle
      page={PAGES.cvGuide}
      intro="En rekryterare lägger ofta under en minut på första genomläsningen av ett CV. Här går vi igenom hur du bygger upp ditt CV så att det viktigaste syns direkt – och hur du undviker missarna som får bra kandidater att sorteras bort."
      contents={CONTENTS}
    >
      <section id="vad-ar-ett-cv">
        <h2>Vad ett CV ska göra</h2>
        <p>
          CV:t är en sammanfattning av vad du har gjort och vad du kan. Det ska inte berätta allt – det ska få
          den som läser att vilja träffa dig. Tänk på det som ett svar på frågan{' '}
          <em>”Kan den här personen göra jobbet?”</em>, medan det personliga brevet svarar på{' '}
          <em>”Varför vill hen ha det, och varför passar hen hos oss?”</em>
        </p>
        <p>
          Många arbetsgivare använder rekryteringssystem som söker efter ord från annonsen. Ett CV med tydliga
          rubriker, vanliga yrkestitlar och rätt nyckelord hittas lättare både av systemet och av människan
          bakom det.
        </p>
      </section>

      <section id="struktur">
        <h2>Struktur: rubrikerna i ordning</h2>
        <p>Använd omvänd kronologisk ordning – det senaste först – och håll dig till de här delarna:</p>
        <ol>
          <li>
            <strong>Kontaktuppgifter.</strong> Namn, telefonnummer, e-postadress och ort. En LinkedIn-länk om
            profilen är uppdaterad. Personnummer, civilstånd och foto behövs inte.
          </li>
          <li>
            <strong>Kort profil.</strong> Tre till fyra meningar om vem du är yrkesmässigt, vad du är bäst på
            och vad du söker. Skriv om den för varje ansökan så att den speglar annonsen.
          </li>
          <li>
            <strong>Arbetslivserfarenhet.</strong> Titel, arbetsgivare, ort och period (månad och år). Under
            varje jobb: två till fem punkter om vad du gjorde och vad det ledde till.
          </li>
          <li>
            <strong>Utbildning.</strong> Examen eller program, skola och år. Har du en högskoleexamen räcker
            det oftast att nämna gymnasiet kort.
          </li>
          <li>
            <strong>Kompetenser.</strong> System, verktyg, metoder och certifikat som är relevanta för jobbet
            – gärna grupperade, till exempel ”Ekonomisystem: Visma, Fortnox”.
          </li>
          <li>
            <strong>Språk och körkort.</strong> Ange nivå på språken (modersmål, flytande, goda kunskaper,
            grundläggande) och körkortsbehörighet, till exempel B eller C.
          </li>
          <li>
            <strong>Övrigt.</strong> Förtroendeuppdrag, ideellt arbete eller projekt som visar något annonsen
            efterfrågar.
          </li>
          <li>
            <strong>Referenser.</strong> Skriv ”Lämnas på begäran” och ha två till tre personer förberedda –
            fråga dem innan du lämnar ut deras nummer.
          </li>
        </ol>
      </section>

      <section id="tips">
        <h2>Konkreta tips</h2>
        <h3>Anpassa efter annonsen</h3>
        <p>
          Läs annonsen och stryk under krav, meriter och ord som återkommer. Se till att samma ord finns i
          ditt CV där de stämmer – står det ”kundbemötande” i annonsen, skriv inte bara ”service”. Flytta upp
          det som är mest relevant.
        </p>
        <h3>Visa resultat, inte bara arbetsuppgifter</h3>
        <p>
          Alla som har jobbat i kassa har hanterat kontanter. Det som skiljer dig åt är vad du åstadkom: fler
          nöjda kunder, kortare ledtider, färre fel, ett nytt arbetssätt som teamet tog efter. Använd siffror
          när du kan: antal, procent, kronor, tid.
        </p>
        <h3>Börja punkterna med ett verb</h3>
        <p>
          ”Ansvarade för”, ”införde”, ”ledde”, ”minskade”, ”utbildade”, ”byggde”. Det gör texten kortare och
          tydligare än ”Jag har arbetat med att …”.
        </p>
        <h3>Håll det kort och luftigt</h3>
        <ul>
          <li>
            En sida räcker för de flesta med upp till cirka fem års erfarenhet, två sidor för de flesta andra.
          </li>
          <li>Ett typsnitt, tydliga rubriker och samma datumformat genom hela dokumentet.</li>
          <li>
            Spara som PDF så att layouten ser likadan ut hos mottagaren, och döp filen till exempelvis ”CV
            Anna Svensson.pdf”.
          </li>
        </ul>
        <h3>Förklara luckor kort</h3>
        <p>
          Ett uppehåll för studier, föräldraledighet, sjukdom eller resor behöver inte döljas. En rad som
          ”2023–2024 Föräldraledig” räcker och är bättre än en oförklarad lucka.
        </p>
      </section>

      <section id="exempel">
        <h2>Exempel: svagare och starkare</h2>
        <h3>Profiltext</h3>
        <BeforeAfter
          before={
            <p>
              Jag är en glad och driven person som gillar att jobba med människor och tar mig an nya
              utmaningar.
            </p>
          }
          after={
            <p>
              Undersköterska med sex års erfarenhet från hemtjänst och korttidsboende. Van att planera
              insatser, dokumentera i Lifecare och handleda nya kollegor. Söker en tjänst inom äldreomsorgen i
              Uppsala.
            </p>
          }
        />
        <h3>Punkt under arbetslivserfarenhet</h3>
        <BeforeAfter
          before={<p>Ansvarig för lagret.</p>}
          after={
            <p>
              Införde ett nytt system för inventering som minskade felplock med 30 procent på ett år och
              kortade inventeringen från två dagar till en.
            </p>
          }
        />
        <h3>Kompetenser</h3>
        <BeforeAfter
          before={<p>Datorvana, Office, bra på sociala medier.</p>}
          after={
            <p>
              Office 365 (Excel: pivottabeller och formler), Canva, Meta Business Suite – publicering och
              annonsering för tre butikers konton.
            </p>
          }
        />
      </section>

      <section id="misstag">
        <h2>Vanliga misstag</h2>
        <ul>
          <li>
            <strong>Samma CV till alla jobb.</strong> Det märks direkt. Byt åtminstone profiltext och
            ordningen på dina punkter.
          </li>
          <li>
            <strong>Stavfel och slarv.</strong> Läs högt, låt någon annan läsa och kontrollera att
            telefonnumret stämmer.
          </li>
          <li>
            <strong>Egenskaper utan bevis.</strong> ”Noggrann” och ”flexibel” säger lite. Visa i stället med
            exempel under arbetslivserfarenheten.
          </li>
          <li>
            <strong>För mycket gammalt.</strong> Sommarjobb från tio år sedan kan ofta strykas eller samlas på
            en rad.
          </li>
          <li>
            <strong>Svårlästa designmallar.</strong> Kolumner, ikoner och diagram över ”kunskapsnivå” kan göra
            att rekryteringssystem läser fel. Enkel layout fungerar bäst.
          </li>
          <li>
            <strong>En oprofessionell e-postadress.</strong> Använd en adress med ditt namn.
          </li>
        </ul>
      </section>

      <section id="mall">
        <h2>Ladda ner CV-mallen</h2>
        <p>
          Mallen följer strukturen ovan och har korta instruktioner under varje rubrik. Skriv av den i ditt
          ordbehandlingsprogram, fyll i dina uppgifter och spara som PDF.
        </p>
        <TemplateDownload
          href="/mallar/cv-mall.pdf"
          label="CV-mall"
          description="En sida, tydliga rubriker och plats för det rekryterare letar efter."
        />
      </section>
    </GuideArticle>
  );
}
