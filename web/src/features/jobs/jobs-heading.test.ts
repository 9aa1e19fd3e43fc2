import { describe, expect, it } from 'vitest';
import { jobsHeading } from './jobs-heading';

describe('jobsHeading', () => {
  it('names both category and city', () => {
    expect(jobsHeading({ mainCategory: 'Vård', city: 'Malmö' }, 'Jobbportalen')).toBe(
      'Jobb inom Vård i Malmö',
    );
  });

  it('names the category alone', () => {
    expect(jobsHeading({ mainCategory: 'IT' }, 'Jobbportalen')).toBe('Jobb inom IT');
  });

  it('names the city alone', () => {
    expect(jobsHeading({ city: 'Distans' }, 'Jobbportalen')).toBe('Jobb i Distans');
  });

  it('falls back to the product name', () => {
    expect(jobsHeading({}, 'Jobbportalen')).toBe('Bläddra bland jobb på Jobbportalen');
    expect(jobsHeading({ mainCategory: '' }, 'Jobbsajten')).toBe('Bläddra bland jobb på Jobbsajten');
  });

  it('names the chosen occupation fields and places where the spec has a category and a city', () => {
    expect(jobsHeading({ occupationFields: ['Transport'] }, 'Jobbportalen')).toBe('Jobb inom Transport');
    expect(
      jobsHeading(
        { occupationFields: ['Transport'], regions: ['Skåne län'], municipalities: ['Göteborg'] },
        'J',
      ),
    ).toBe('Jobb inom Transport i Skåne län och Göteborg');
    expect(jobsHeading({ regions: ['Skåne län', 'Hallands län', 'Kalmar län', 'Blekinge län'] }, 'J')).toBe(
      'Jobb i Skåne län, Hallands län och 2 till',
    );
    // The spec's own criteria come first: a city holds whatever else is picked.
    expect(jobsHeading({ mainCategory: 'IT', city: 'Malmö', occupationFields: ['Data/IT'] }, 'J')).toBe(
      'Jobb inom IT i Malmö',
    );
  });
});
