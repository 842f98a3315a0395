import { describe, expect, it } from 'vitest';
import { stateByCode, stateByName, statesForPincode } from './india-states';

describe('Indian states', () => {
  it('finds a state by its name however a shopper writes it', () => {
    expect(stateByName('Tamil Nadu')?.code).toBe('33');
    expect(stateByName(' tamil  nadu ')?.code).toBe('33');
    expect(stateByName('NCT of Delhi')?.code).toBe('07');
    expect(stateByName('New Delhi')?.code).toBe('07');
    expect(stateByName('Jammu & Kashmir')?.code).toBe('01');
    expect(stateByName('MH')?.code).toBe('27');
    expect(stateByName('Atlantis')).toBeUndefined();
  });

  it('names a state by its GST code', () => {
    expect(stateByCode('29')?.name).toBe('Karnataka');
    expect(stateByCode('25')).toBeUndefined();
  });

  it('knows which states a pincode can belong to', () => {
    expect(statesForPincode('110001').map((state) => state.code)).toEqual(['07']);
    expect(statesForPincode('560001').map((state) => state.code)).toEqual(['29']);
    expect(statesForPincode('400001').map((state) => state.code)).toEqual(['27']);
    expect(statesForPincode('403001').map((state) => state.code)).toEqual(['30']);
    expect(statesForPincode('605001').map((state) => state.code)).toEqual(['33', '34']);
    expect(statesForPincode('012345')).toEqual([]);
    expect(statesForPincode('99999')).toEqual([]);
    expect(statesForPincode('990001')).toEqual([]);
  });
});
