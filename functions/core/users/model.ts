// core: a person who signs in. Users exist across workspaces; Member items say where and with what role.
import * as z from '../schema.ts';

export interface User {
  id: string;
  /** Normalised (see normaliseEmail); unique across the service. */
  email: string;
  /** scrypt PHC-style string (see password.ts); never leaves the server. */
  passwordHash: string;
  createdAt: string;
}

/**
 * Lower-cases and trims. Deliberately no provider-specific folding (dots, plus tags): two addresses
 * that deliver to the same mailbox at one provider are different addresses at another.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const EmailSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(254),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$|^[^\s@]+@localhost$/i, 'email must be an email address'),
  );

/** NIST 800-63B: at least 8 characters, long passphrases allowed, no composition rules. */
export const PasswordSchema = z
  .string()
  .check(z.minLength(8, 'password must have at least 8 characters'), z.maxLength(256));
