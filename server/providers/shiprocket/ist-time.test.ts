import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseShiprocketTime,
  shiprocketDateTime,
  shiprocketEtd,
  shiprocketWebhookTimestamp,
} from './ist-time';

const ist = (isoWithoutZone: string) => new Date(`${isoWithoutZone}+05:30`);

// Whole seconds between 2000 and 2100, the range Shiprocket's texts can carry.
const instants = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2100, 0, 1) / 1000 })
  .map((seconds) => new Date(seconds * 1000));

describe('parseShiprocketTime', () => {
  it('reads each of Shiprocket formats as Indian Standard Time', () => {
    expect(parseShiprocketTime('2023-05-23 11:43:52')).toEqual(ist('2023-05-23T11:43:52'));
    expect(parseShiprocketTime('2023-05-23 11:43')).toEqual(ist('2023-05-23T11:43:00'));
    expect(parseShiprocketTime('2023-05-23 11:43:52.000')).toEqual(ist('2023-05-23T11:43:52'));
    expect(parseShiprocketTime('23 05 2023 11:43:52')).toEqual(ist('2023-05-23T11:43:52'));
    // Serviceability's etd and a bare edd name a day: its start in India.
    expect(parseShiprocketTime('Jul 01, 2024')).toEqual(ist('2024-07-01T00:00:00'));
    expect(parseShiprocketTime('Jul 1, 2024')).toEqual(ist('2024-07-01T00:00:00'));
    expect(parseShiprocketTime('July 01, 2024')).toEqual(ist('2024-07-01T00:00:00'));
    expect(parseShiprocketTime(' 2024-07-01 ')).toEqual(ist('2024-07-01T00:00:00'));
  });

  it('takes an instant that names its zone as it is', () => {
    expect(parseShiprocketTime('2024-07-01T08:35:09Z')).toEqual(new Date('2024-07-01T08:35:09Z'));
    expect(parseShiprocketTime('2024-07-01T14:05:09+05:30')).toEqual(new Date('2024-07-01T08:35:09Z'));
  });

  it('refuses days and hours that do not exist and texts that are not times, rather than guess', () => {
    for (const text of [
      'Feb 30, 2024',
      '2023-02-29 10:00:00',
      '31 04 2024 10:00:00',
      '2024-07-01 24:00:00',
      'Jux 01, 2024',
      '3-4 days',
      '1719822909',
      '',
      '   ',
      null,
      undefined,
    ]) {
      expect(parseShiprocketTime(text), String(text)).toBeUndefined();
    }
    expect(parseShiprocketTime('Feb 29, 2024')).toEqual(ist('2024-02-29T00:00:00'));
  });

  it('reads back every time the Shiprocket formats write', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(parseShiprocketTime(shiprocketDateTime(instant))).toEqual(instant);
        expect(parseShiprocketTime(shiprocketWebhookTimestamp(instant))).toEqual(instant);
        const day = parseShiprocketTime(shiprocketEtd(instant));
        expect(shiprocketEtd(day ?? new Date(Number.NaN))).toBe(shiprocketEtd(instant));
        expect(shiprocketDateTime(day ?? new Date(Number.NaN)).endsWith(' 00:00:00')).toBe(true);
      }),
    );
  });
});
