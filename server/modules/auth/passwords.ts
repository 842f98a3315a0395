import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { passwordHashCost } from './password-cost';

// About 49,000 of the most used passwords, lower-cased.
const commonPasswords = new Set(dictionary['passwords-common']);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

const hashCost = passwordHashCost();

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...hashCost });
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

// Compared against when no account matches, so an unknown account costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
}
