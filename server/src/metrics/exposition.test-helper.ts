// Reads Prometheus' text exposition format (what /metrics serves) the way a scraper must: every
// family declared once, every sample inside a declared family, labels unescaped.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const pattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/y;
  let position = 0;
  while (position < text.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(text);
    if (!match) throw new Error(`unreadable labels: {${text}}`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_all, char: string) => (char === 'n' ? '\n' : char));
    position = pattern.lastIndex;
  }
  return labels;
}

export function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sampleName: string): Family | undefined => {
    for (const family of families.values()) {
      const suffixes = SUFFIXES[family.type] ?? [''];
      if (suffixes.some((suffix) => family.name + suffix === sampleName)) return family;
    }
    return undefined;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      const family = families.get(name) ?? { name, type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        if (family.type !== 'untyped') throw new Error(`family ${name} declared twice`);
        family.type = rest;
      } else family.help = rest;
      families.set(name, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!sample) throw new Error(`unreadable line: ${line}`);
    const [, name, labelText, valueText] = sample as unknown as [string, string, string | undefined, string];
    const family = familyOf(name);
    if (!family) throw new Error(`sample ${name} outside any declared family`);
    // As Prometheus reads them (Go's ParseFloat): NaN in any case, ±Inf.
    const value = /^[+-]?inf$/i.test(valueText)
      ? (valueText.startsWith('-') ? -1 : 1) * Infinity
      : Number(valueText);
    if (Number.isNaN(value) && !/^nan$/i.test(valueText)) throw new Error(`unreadable value: ${line}`);
    family.samples.push({ name, labels: parseLabels(labelText ?? ''), value });
  }
  return families;
}

/** The sum of the samples named `name` whose labels include `labels`. */
export function sampleSum(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  let sum = 0;
  for (const family of families.values())
    for (const sample of family.samples)
      if (
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value)
      )
        sum += sample.value;
  return sum;
}
