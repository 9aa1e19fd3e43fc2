/**
 * The contents of every element and attribute a crawler page puts a value in, found by the page's
 * own markup. Values are escaped, so none of them can hold the `<` or `"` that ends its slot.
 */
export function headValuesOf(page: string) {
  const all = (pattern: RegExp) => [...page.matchAll(pattern)].map((match) => match[1] as string);
  return {
    title: all(/<title>([^<]*)<\/title>/g),
    description: all(/<meta name="description" content="([^"]*)" \/>/g),
    ogTitle: all(/<meta property="og:title" content="([^"]*)" \/>/g),
    ogDescription: all(/<meta property="og:description" content="([^"]*)" \/>/g),
    canonical: all(/<link rel="canonical" href="([^"]*)" \/>/g),
    robots: all(/<meta name="robots" content="([^"]*)" \/>/g),
    jsonLd: all(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
  };
}
