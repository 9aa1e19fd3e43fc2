import { OCCUPATION_FIELDS, REGIONS } from '@jobbportalen/contracts';
import { describe, expect, it } from 'vitest';
import {
  fieldById,
  groupById,
  groupBySsyk,
  languages,
  mainCategoryFor,
  municipalities,
  municipalityByCode,
  municipalityById,
  municipalityByName,
  occupationFields,
  occupationGroups,
  occupationNameById,
  occupationNames,
  places,
  regionById,
  regions,
  skills,
  valueSet,
} from './taxonomy.js';

describe('taxonomy lists', () => {
  it('are what contracts lists for the browser: the occupation fields and the län by code', () => {
    expect(occupationFields().map((field) => field.label)).toEqual([...OCCUPATION_FIELDS]);
    const byCode = [...regions()].sort((a, b) => a.code.localeCompare(b.code));
    expect(byCode.map((region) => region.label)).toEqual([...REGIONS]);
  });

  it('loads the full lists', () => {
    expect(occupationFields()).toHaveLength(21);
    expect(occupationGroups()).toHaveLength(400);
    expect(regions()).toHaveLength(21);
    expect(municipalities()).toHaveLength(290);
    expect(occupationNames().length).toBeGreaterThan(3000);
    expect(skills().length).toBeGreaterThan(5000);
    expect(places().length).toBeGreaterThan(1500);
  });

  it('caches a list so every call returns the same array', () => {
    expect(occupationNames()).toBe(occupationNames());
  });

  it('reads value sets and languages', () => {
    expect(valueSet('worktime-extent').map((c) => c.label)).toContain('Heltid');
    expect(valueSet('driving-license').length).toBeGreaterThan(5);
    expect(languages().find((l) => l.label === 'Litauiska')?.iso).toBe('LT');
    expect(() => valueSet('nope' as never)).toThrow(/nope/);
  });
});

describe('taxonomy lookups', () => {
  it('finds concepts by id and code', () => {
    expect(fieldById('apaJ_2ja_LuF')?.label).toBe('Data/IT');
    expect(groupById('DJh5_yyF_hEM')?.ssyk).toBe('2512');
    expect(groupBySsyk('2221')?.label).toBe('Grundutbildade sjuksköterskor');
    expect(occupationNameById('t8wc_LMK_pCM')?.label).toBe('2D-grafiker');
    expect(regionById('CifL_Rzy_Mku')?.code).toBe('01');
    expect(municipalityById('XWKY_c49_5nv')?.label).toBe('Upplands Väsby');
    expect(municipalityByCode('1480')?.label).toBe('Göteborg');
    expect(groupById('missing')).toBeUndefined();
  });

  it('finds a municipality by name, place name, suffix or folded spelling', () => {
    expect(municipalityByName('stockholm')?.code).toBe('0180');
    expect(municipalityByName('  GÖTEBORG ')?.code).toBe('1480');
    expect(municipalityByName('Goteborg')?.code).toBe('1480');
    expect(municipalityByName('Mölnlycke')?.label).toBe('Härryda');
    expect(municipalityByName('Hudiksvalls kommun')?.label).toBe('Hudiksvall');
    expect(municipalityByName('Atlantis')).toBeUndefined();
    expect(municipalityByName('')).toBeUndefined();
  });
});

describe('mainCategoryFor', () => {
  it('maps each main category', () => {
    expect(mainCategoryFor({ groupId: 'DJh5_yyF_hEM' })).toBe('IT');
    expect(mainCategoryFor({ fieldId: 'RPTn_bxG_ExZ' })).toBe('Sälj');
    expect(mainCategoryFor({ ssyk: '3321' })).toBe('Sälj');
    expect(mainCategoryFor({ groupId: 'Z8ci_bBE_tmx' })).toBe('Vård');
    expect(mainCategoryFor({ groupId: 'cRmd_536_pT1' })).toBe('Ekonomi');
    expect(mainCategoryFor({ ssyk: '4212' })).toBe('Ekonomi');
    expect(mainCategoryFor({ groupId: 'ByrL_ANp_UwV' })).toBe('Kundservice');
  });

  it('uses the v30 field of a group that moved, not the field the ad carries', () => {
    // Biomedicinska analytiker moved from Hälso- och sjukvård to Naturvetenskap.
    expect(mainCategoryFor({ groupId: 'wNrt_Ysj_WuT', fieldId: 'NYW6_mP6_vwf' })).toBeNull();
    // Kundtjänstpersonal moved out of the sales field; the ssyk rule still makes it Kundservice.
    expect(mainCategoryFor({ groupId: 'pwRH_MT1_8nR', fieldId: 'RPTn_bxG_ExZ' })).toBe('Kundservice');
  });

  it('lets a group rule win over its field and falls back to the given field', () => {
    expect(mainCategoryFor({ groupId: '9dLz_BCK_oDA', fieldId: 'X82t_awd_Qyc' })).toBe('Sälj');
    expect(mainCategoryFor({ groupId: 'unknown', fieldId: 'NYW6_mP6_vwf' })).toBe('Vård');
    expect(mainCategoryFor({ groupId: 'jXUQ_rUV_iBv' })).toBeNull();
    expect(mainCategoryFor({})).toBeNull();
  });
});
