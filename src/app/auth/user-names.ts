/** How a user is named on screen: header menu and greeting. */
import type { AuthUser } from '../../api/types';

type NamedUser = Pick<AuthUser, 'email' | 'user_metadata'> | null | undefined;

function fullNameOf(user: NamedUser): string {
  const meta = user?.user_metadata;
  const full = typeof meta?.full_name === 'string' ? meta.full_name.trim() : '';
  if (full) return full;
  return typeof meta?.name === 'string' ? meta.name.trim() : '';
}

/** Full name, else email, else "Logged in user". */
export function displayName(user: NamedUser): string {
  return fullNameOf(user) || user?.email?.trim() || 'Logged in user';
}

/** First word of the full name, else the local part of the email; '' when neither exists. */
export function firstName(user: NamedUser): string {
  const full = fullNameOf(user);
  if (full) return full.split(/\s+/)[0];
  const email = user?.email?.trim() ?? '';
  return email.includes('@') ? email.slice(0, email.indexOf('@')) : email;
}

/** "Welcome back, <first name>." */
export function greeting(user: NamedUser): string {
  const name = firstName(user);
  return name ? `Welcome back, ${name}.` : 'Welcome back.';
}

/** Up to two initials for the avatar of the user menu. */
export function initials(user: NamedUser): string {
  const words = displayName(user)
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return (words[0]?.[0] ?? '?').toUpperCase() + (words[1]?.[0] ?? '').toUpperCase();
}
