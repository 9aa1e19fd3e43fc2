import type { Random } from './prng.js';
import type { SimulatedEmployer } from './employer.js';
import type { AdTexts, OccupationProfile, SimulatorData } from './simulator-data.js';

/** A made-up person whose details the normaliser must strip before indexing. */
export interface ContactPerson {
  name: string;
  role: string;
  email: string;
  phone: string;
}

/** The pieces of a description; rendered twice, as plain text and as the feed's HTML. */
export interface DescriptionParts {
  intro: string;
  about: string;
  duties: string[];
  requirements: string[];
  merits: string[];
  offers: string[];
  remote: string | null;
  contact: string;
  process: string;
  /** Template with {deadline}, filled at render time because an update can move the deadline. */
  closing: string;
  updateNote: string | null;
}

export function fillTemplate(template: string, values: Record<string, string>): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const ASCII: Record<string, string> = { å: 'a', ä: 'a', ö: 'o', é: 'e' };
const asciiName = (name: string) =>
  name.toLowerCase().replace(/[åäöé]/g, (letter) => ASCII[letter] ?? letter);

export function pickContactPerson(random: Random, data: SimulatorData, role: string): ContactPerson {
  const first = random.pick(data.firstNames);
  const last = random.pick(data.lastNames);
  // 070-1740605…699 is the number series PTS reserves for fiction; nobody real answers.
  const phone = random.chance(0.25)
    ? '070-000 00 00'
    : `070-174 06 ${String(random.between(5, 99)).padStart(2, '0')}`;
  return {
    name: `${first} ${last}`,
    role,
    email: `${asciiName(first)}.${asciiName(last)}@example.se`,
    phone,
  };
}

/** Lower-cases a title for use mid-sentence, leaving acronyms ('IT-tekniker', '.NET-utvecklare') alone. */
export function lowerFirst(title: string): string {
  const second = title.charAt(1);
  if (
    !/\p{L}/u.test(title.charAt(0)) ||
    second === '' ||
    second !== second.toLowerCase() ||
    !/\p{L}/u.test(second)
  ) {
    return title;
  }
  return title.charAt(0).toLowerCase() + title.slice(1);
}

export interface HeadlineContext {
  title: string;
  employer: SimulatedEmployer;
  city: string;
  extent: string;
  profile: OccupationProfile;
  texts: AdTexts;
}

/** Headline shapes seen on Platsbanken, weighted roughly by how often they occur. */
export function buildHeadline(random: Random, context: HeadlineContext): string {
  const { title, employer, city, extent, profile, texts } = context;
  const roll = random.next();
  if (roll < 0.25) return title;
  if (roll < 0.45) return `${title} till ${employer.shortName}`;
  if (roll < 0.55) {
    const adjective = random.pick(texts.headlineAdjectives);
    const department = profile.departments.length > 0 ? ` till ${random.pick(profile.departments)}` : '';
    return `${adjective} ${lowerFirst(title)}${department}`;
  }
  if (roll < 0.67) return `${title} – ${city}`;
  if (roll < 0.77) return `${title} i ${city}`;
  if (roll < 0.85) return `Vi söker ${lowerFirst(title)}!`;
  if (roll < 0.93 && !title.includes(',')) return `${title}, ${extent.toLowerCase()}`;
  return `${title} sökes till ${employer.shortName}`;
}

export interface DescriptionContext {
  title: string;
  employer: SimulatedEmployer;
  city: string;
  profile: OccupationProfile;
  remote: boolean;
  contact: ContactPerson;
}

export function composeDescription(
  random: Random,
  data: SimulatorData,
  context: DescriptionContext,
): DescriptionParts {
  const { texts } = data;
  const values = {
    employer: context.employer.name,
    city: context.city,
    title: lowerFirst(context.title),
    name: context.contact.name,
    role: context.contact.role,
    email: context.contact.email,
    phone: context.contact.phone,
  };
  const { profile } = context;
  return {
    intro: fillTemplate(random.pick(texts.intros), values),
    about: fillTemplate(random.pick(texts.companyAbout), values),
    duties: random.sample(profile.duties, Math.max(2, profile.duties.length - random.int(2))),
    requirements: random.sample(
      profile.requirements,
      Math.max(1, profile.requirements.length - random.int(2)),
    ),
    merits: random.sample(profile.merits, random.between(0, profile.merits.length)),
    offers: random.sample(texts.offers, random.between(2, 4)),
    remote: context.remote ? random.pick(texts.remote) : null,
    contact: fillTemplate(random.pick(texts.contacts), values),
    process: random.pick(texts.process),
    closing: random.pick(texts.closings),
    updateNote: null,
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (text: string) =>
  /[&<>]/.test(text) ? text.replace(/[&<>]/g, (character) => HTML_ESCAPES[character] ?? character) : text;

export function renderDescriptionText(parts: DescriptionParts, deadline: string): string {
  const sections = [parts.intro, parts.about, `Om tjänsten\n${parts.duties.join(' ')}`];
  sections.push(`Vi söker dig som har\n${parts.requirements.map((item) => `- ${item}`).join('\n')}`);
  if (parts.merits.length > 0) {
    sections.push(`Det är meriterande om du har\n${parts.merits.map((item) => `- ${item}`).join('\n')}`);
  }
  sections.push(`Vi erbjuder\n${parts.offers.map((item) => `- ${item}`).join('\n')}`);
  if (parts.remote) sections.push(parts.remote);
  if (parts.updateNote) sections.push(parts.updateNote);
  sections.push(`${parts.contact}\n${parts.process}`, fillTemplate(parts.closing, { deadline }));
  return sections.join('\n\n');
}

export function renderDescriptionHtml(parts: DescriptionParts, deadline: string): string {
  const list = (items: string[]) =>
    `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const html = [
    `<p>${escapeHtml(parts.intro)}</p>`,
    `<p>${escapeHtml(parts.about)}</p>`,
    `<p><strong>Om tjänsten</strong><br>${escapeHtml(parts.duties.join(' '))}</p>`,
    `<p><strong>Vi söker dig som har</strong></p>${list(parts.requirements)}`,
  ];
  if (parts.merits.length > 0)
    html.push(`<p><strong>Det är meriterande om du har</strong></p>${list(parts.merits)}`);
  html.push(`<p><strong>Vi erbjuder</strong></p>${list(parts.offers)}`);
  if (parts.remote) html.push(`<p>${escapeHtml(parts.remote)}</p>`);
  if (parts.updateNote) html.push(`<p><em>${escapeHtml(parts.updateNote)}</em></p>`);
  html.push(
    `<p>${escapeHtml(parts.contact)}<br>${escapeHtml(parts.process)}</p>`,
    `<p><strong>${escapeHtml(fillTemplate(parts.closing, { deadline }))}</strong></p>`,
  );
  return html.join('');
}
