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
});
