import { describe, expect, it } from 'vitest';
import { technologies, technologyProblems } from './technologies.js';

describe('technologies', () => {
  it('name, by id, the taxonomy skills the file says, and spell every alias in lower case once', () => {
    expect(technologyProblems()).toEqual([]);
  });

  it('are taxonomy skills where the taxonomy has one, else own concepts', () => {
    const byName = new Map(technologies().map((technology) => [technology.name, technology]));
    expect(byName.get('Java')?.concept).toEqual({ id: 'jCsR_WQX_CKD', label: 'Java, programmeringsspråk' });
    expect(byName.get('React')?.concept).toEqual({ id: 'tech:react', label: 'React' });
    expect(byName.get('Kubernetes')?.aliases).toContain('k8s');
    expect(byName.get('CI/CD')?.concept.id).toBe('tech:ci/cd');
  });
});
