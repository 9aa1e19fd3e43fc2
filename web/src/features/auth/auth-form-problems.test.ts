import { describe, expect, it } from 'vitest';
import {
  forgotPasswordProblem,
  loginProblem,
  newPasswordProblem,
  registrationProblem,
} from './auth-form-problems';

const valid = {
  name: 'Sara Lind',
  email: 'sara@example.se',
  password: 'hemligt-123',
  confirmPassword: 'hemligt-123',
};

describe('registrationProblem', () => {
  it('accepts a complete form with matching passwords', () => {
    expect(registrationProblem(valid)).toBeNull();
  });

  it('requires every field', () => {
    for (const field of ['name', 'email', 'password', 'confirmPassword'] as const) {
      expect(registrationProblem({ ...valid, [field]: '' })).toMatch(/^Fyll i/);
    }
    expect(registrationProblem({ ...valid, name: '   ' })).toMatch(/^Fyll i/);
  });

  it('catches an obviously broken e-mail address', () => {
    expect(registrationProblem({ ...valid, email: 'sara.example.se' })).toBe('Ange en giltig e-postadress.');
  });

  it('says the passwords differ with the spec text', () => {
    expect(registrationProblem({ ...valid, confirmPassword: 'hemligt-124' })).toBe(
      'Lösenorden matchar inte.',
    );
  });
});

describe('loginProblem', () => {
  it('requires e-mail and password', () => {
    expect(loginProblem({ email: '', password: 'x' })).toMatch(/^Fyll i/);
    expect(loginProblem({ email: 'sara@example.se', password: '' })).toMatch(/^Fyll i/);
    expect(loginProblem({ email: 'sara@example.se', password: 'x' })).toBeNull();
  });
});

describe('forgotPasswordProblem', () => {
  it('wants an address that looks like one', () => {
    expect(forgotPasswordProblem('  ')).toBe('Ange din e-postadress.');
    expect(forgotPasswordProblem('sara.example.se')).toBe('Ange en giltig e-postadress.');
    expect(forgotPasswordProblem(' sara@example.se ')).toBeNull();
  });
});

describe('newPasswordProblem', () => {
  it('wants both fields, equal', () => {
    expect(newPasswordProblem({ password: '', confirmPassword: 'x' })).toMatch(/^Fyll i/);
    expect(newPasswordProblem({ password: 'x', confirmPassword: '' })).toMatch(/^Fyll i/);
    expect(newPasswordProblem({ password: 'hemligt-123', confirmPassword: 'hemligt-124' })).toBe(
      'Lösenorden matchar inte.',
    );
    expect(newPasswordProblem({ password: 'hemligt-123', confirmPassword: 'hemligt-123' })).toBeNull();
  });
});
