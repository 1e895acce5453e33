import { describe, expect, it } from 'vitest';
import { displayName, firstName, greeting, initials } from '../../../src/app/auth/user-names';

const user = (email?: string, full_name?: string) => ({ email, user_metadata: { full_name } });

describe('user names', () => {
  it('display name: full name, else email, else "Logged in user"', () => {
    expect(displayName(user('ada@lab.org', 'Ada Lovelace'))).toBe('Ada Lovelace');
    expect(displayName(user('ada@lab.org', '  '))).toBe('ada@lab.org');
    expect(displayName(user())).toBe('Logged in user');
    expect(displayName(null)).toBe('Logged in user');
  });

  it('first name: first word of the full name, else the local part of the email', () => {
    expect(firstName(user('ada@lab.org', 'Ada  King Lovelace'))).toBe('Ada');
    expect(firstName(user('grace.hopper@lab.org'))).toBe('grace.hopper');
    expect(firstName(user())).toBe('');
  });

  it('greeting reads "Welcome back, <first name>."', () => {
    expect(greeting(user('x@y.z', 'Rosalind Franklin'))).toBe('Welcome back, Rosalind.');
    expect(greeting({ email: 'developer@localhost', user_metadata: { name: 'Developer' } })).toBe(
      'Welcome back, Developer.',
    );
    expect(greeting(null)).toBe('Welcome back.');
  });

  it('initials come from the display name', () => {
    expect(initials(user('ada@lab.org', 'Ada Lovelace'))).toBe('AL');
    expect(initials(user('grace.hopper@lab.org'))).toBe('GH');
  });
});
