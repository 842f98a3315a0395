import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinMessages, gstinProblem, isValidGstin } from './gstin';

describe('GSTIN', () => {
  it('accepts registered GSTINs from several states', () => {
    for (const gstin of [
      '27AAPFU0939F1ZV',
      '29AAGCB7383J1Z4',
      '33GSPTN0231G1ZM',
      '24AAACC1206D1ZM',
      '37AAACP2678Q1ZP',
      '07AAGCB7383J1ZA',
    ]) {
      expect(gstinProblem(gstin), gstin).toBeUndefined();
    }
  });

  it('computes the check character GSTN prints', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(gstinCheckCharacter('07AAGCB7383J1Z')).toBe('A');
  });

  it('refuses a GSTIN of the wrong shape', () => {
    for (const gstin of [
      '',
      '27AAPFU0939F1Z',
      '27AAPFU0939F1ZVX',
      '27aapfu0939f1zv',
      '2AAAPFU0939F1ZV',
      '27AAPF10939F1ZV',
      '27AAPFU0939F0ZV',
      '27AAPFU0939F1YV',
      '27AAPFU0939F1Z-',
    ]) {
      expect(gstinProblem(gstin), gstin).toBe(gstinMessages.format);
    }
  });

  it('refuses a GSTIN whose first two digits are no state’s code', () => {
    expect(gstinProblem('25AAGCB7383J1ZC')).toBe(gstinMessages.unknownState);
    expect(gstinProblem('99AAGCB7383J1Z4')).toBe(gstinMessages.unknownState);
  });

  it('refuses a GSTIN with a wrong check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(gstinMessages.checkCharacter);
    expect(gstinProblem('29AAGCB7383J1Z5')).toBe(gstinMessages.checkCharacter);
  });

  it('catches any single mistyped character', () => {
    const valid = '27AAPFU0939F1ZV';
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 }), fc.constantFrom(...alphabet), (position, character) => {
        fc.pre(valid[position] !== character);
        const typo = valid.slice(0, position) + character + valid.slice(position + 1);
        expect(isValidGstin(typo)).toBe(false);
      }),
    );
  });
});
