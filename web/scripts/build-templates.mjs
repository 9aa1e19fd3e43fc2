#!/usr/bin/env node
// Generates the downloadable templates the career guides link to (/mallar/*.pdf) into
// public/mallar/, which Vite copies into the build. Generated on every build instead of
// committed, so the repository holds no binary files and the text is reviewable here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PdfDocument } from './pdf-writer.mjs';

const outDir = fileURLToPath(new URL('../public/mallar/', import.meta.url));

const hint = { size: 9.5, font: 'italic', color: [0.33, 0.37, 0.45] };
const placeholder = { size: 11 };

function cvTemplate() {
  const pdf = new PdfDocument('CV-mall – Jobbportalen');
  pdf.text('Förnamn Efternamn', { size: 22, font: 'bold', color: [0.08, 0.13, 0.24], gapAfter: 2 });
  pdf.text('Yrkestitel, t.ex. Undersköterska eller Ekonomiassistent', {
    size: 12.5,
    color: [0.2, 0.25, 0.35],
  });
  pdf.text(
    'Telefon: 070-000 00 00  ·  E-post: fornamn.efternamn@example.se  ·  Ort: Din ort  ·  Körkort: B',
    {
      size: 10,
    },
  );
  pdf.text('Ersätt allt i hakparenteser, ta bort de grå instruktionerna och spara som PDF.', {
    ...hint,
    gapAfter: 0,
  });

  pdf.heading('PROFIL');
  pdf.text(
    'Tre–fyra meningar om vem du är yrkesmässigt, vad du är bäst på och vilket jobb du söker. Skriv om den för varje ansökan så att den speglar annonsen.',
    hint,
  );
  pdf.text(
    '[Exempel: Undersköterska med sex års erfarenhet från hemtjänst och korttidsboende. Van att planera insatser, dokumentera och handleda nya kollegor. Söker en tjänst inom äldreomsorgen.]',
    placeholder,
  );

  pdf.heading('ARBETSLIVSERFARENHET');
  pdf.text(
    'Senaste jobbet först. Två till fem punkter per jobb – börja med ett verb och visa resultat.',
    hint,
  );
  pdf.text('[Titel], [Arbetsgivare], [Ort]   [mån år] – nu', { size: 11, font: 'bold', gapAfter: 2 });
  pdf.bullet('[Vad du ansvarade för, t.ex. ”Ansvarade för schemaläggning av 25 medarbetare”.]');
  pdf.bullet('[Ett resultat, gärna med siffror, t.ex. ”Minskade felplock med 30 procent på ett år”.]');
  pdf.bullet('[Något annonsen efterfrågar som du gjorde här.]');
  pdf.space(6);
  pdf.text('[Titel], [Arbetsgivare], [Ort]   [mån år] – [mån år]', { size: 11, font: 'bold', gapAfter: 2 });
  pdf.bullet('[Vad du gjorde och vad det ledde till.]');
  pdf.bullet('[Ytterligare en punkt som är relevant för jobbet du söker.]');

  pdf.heading('UTBILDNING');
  pdf.text('[Examen eller program], [Skola], [Ort]   [år] – [år]', { size: 11, font: 'bold', gapAfter: 2 });
  pdf.text('Kurser eller examensarbete som är relevanta för jobbet kan nämnas på en rad.', hint);

  pdf.heading('KOMPETENSER');
  pdf.text('Gruppera gärna, och använd samma ord som annonsen där de stämmer.', hint);
  pdf.bullet('[System och verktyg: t.ex. Visma, Excel (pivottabeller), Lifecare]');
  pdf.bullet('[Metoder och certifikat: t.ex. truckkort A+B, HLR, Lean]');

  pdf.heading('SPRÅK OCH KÖRKORT');
  pdf.bullet('[Svenska – modersmål]   [Engelska – flytande]   [Arabiska – goda kunskaper]');
  pdf.bullet('[Körkort: B]');

  pdf.heading('ÖVRIGT');
  pdf.text(
    'Ideellt arbete, uppdrag eller projekt som är relevanta för jobbet. Stryk rubriken om du saknar något.',
    hint,
  );

  pdf.heading('REFERENSER');
  pdf.text('Lämnas på begäran.', placeholder);
  pdf.text('Ha två till tre personer förberedda, och fråga dem innan du lämnar ut deras uppgifter.', hint);
  return pdf;
}

function letterTemplate() {
  const pdf = new PdfDocument('Mall för personligt brev – Jobbportalen');
  pdf.text('Förnamn Efternamn', { size: 20, font: 'bold', color: [0.08, 0.13, 0.24], gapAfter: 2 });
  pdf.text('Telefon: 070-000 00 00  ·  E-post: fornamn.efternamn@example.se', { size: 10 });
  pdf.text('[Ort], [datum]', { size: 10, gapAfter: 10 });
  pdf.text('Ansökan: [tjänstens titel], [referensnummer om annonsen har ett]', { size: 12, font: 'bold' });
  pdf.text(
    'Håll brevet till en sida. Ersätt allt i hakparenteser, ta bort de grå instruktionerna och anpassa varje brev efter annonsen.',
    hint,
  );
  pdf.space(6);
  pdf.text('Hej [kontaktpersonens förnamn]!', { size: 11, gapAfter: 8 });

  pdf.heading('1. INLEDNING – VARFÖR DET HÄR JOBBET?');
  pdf.text(
    'Skriv vilket jobb du söker och vad som lockar dig hos just den här arbetsgivaren. Börja inte med ”Jag heter …”.',
    hint,
  );
  pdf.text(
    '[Exempel: När jag läste att ni bygger upp en ny kundtjänst för era nordiska kunder kände jag direkt igen mig – de senaste tre åren har jag varit med och startat upp kundtjänsten på mitt nuvarande jobb.]',
    placeholder,
  );

  pdf.heading('2. VARFÖR DU PASSAR');
  pdf.text(
    'Koppla annonsens viktigaste krav till dina erfarenheter, med ett konkret exempel för vart och ett.',
    hint,
  );
  pdf.text(
    '[Exempel: I min nuvarande roll planerar jag bemanningen för ett team på tolv personer och har infört en ny rutin för uppföljning av ärenden, vilket kortade vår svarstid från två dagar till en.]',
    placeholder,
  );

  pdf.heading('3. HUR DU ÄR ATT ARBETA MED');
  pdf.text(
    'Visa dina egenskaper genom en situation i stället för att räkna upp adjektiv. Välj egenskaper som annonsen efterfrågar.',
    hint,
  );
  pdf.text(
    '[Exempel: Under julhandeln hade jag ensam ansvar för kassan och returerna två dagar i veckan. Jag lärde mig att hålla lugnet när kön växer – och att en snabb förklaring ofta vänder ett irriterat samtal.]',
    placeholder,
  );

  pdf.heading('4. AVSLUTNING');
  pdf.text('Sammanfatta vad du kan bidra med och visa att du gärna berättar mer vid en intervju.', hint);
  pdf.text(
    '[Exempel: Jag skulle gärna bidra med min erfarenhet av att bygga upp rutiner i en växande verksamhet och berättar mer vid en intervju. Tack för att du läste mitt brev!]',
    { ...placeholder, gapAfter: 14 },
  );
  pdf.text('Vänliga hälsningar', { size: 11, gapAfter: 2 });
  pdf.text('[Förnamn Efternamn]', { size: 11 });
  return pdf;
}

mkdirSync(outDir, { recursive: true });
for (const [name, pdf] of [
  ['cv-mall.pdf', cvTemplate()],
  ['personligt-brev-mall.pdf', letterTemplate()],
]) {
  writeFileSync(new URL(name, new URL('../public/mallar/', import.meta.url)), pdf.toBytes());
  console.log(`mallar/${name}: ${pdf.pages.length === 1 ? '1 sida' : `${pdf.pages.length} sidor`}`);
}
