import { describe, expect, it } from 'vitest';
import { nearPlaceNames, nearPoint } from '@jobbportalen/contracts';
import { municipalities } from './taxonomy.js';

// 3 decimals (about 100 m), as contracts' compact copy keeps them.
const rounded = (degrees: number) => Math.round(degrees * 1000) / 1000;

describe("contracts' places for near=", () => {
  it('are the municipalities of municipalities.json with their coordinates, in its order', () => {
    // After a taxonomy update, contracts/src/near-places.ts gets these lines (name:lat,lng).
    const expected = municipalities()
      .filter((municipality) => municipality.lat !== undefined && municipality.lng !== undefined)
      .map(
        (municipality) => `${municipality.label}:${rounded(municipality.lat!)},${rounded(municipality.lng!)}`,
      );
    const ours = nearPlaceNames().map((name) => `${name}:${nearPoint(name)!.lat},${nearPoint(name)!.lng}`);
    expect(ours.slice(0, expected.length)).toEqual(expected);
  });

  it('include every municipality, those without coordinates in the taxonomy too', () => {
    const known = new Set(nearPlaceNames());
    expect(municipalities().filter((municipality) => !known.has(municipality.label))).toEqual([]);
    expect(known.size).toBe(municipalities().length);
  });
});
