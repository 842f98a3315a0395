// docs/operations.md#exports: the GST offline tool's list of places of supply, code and name as its templates
// write them ("29-Karnataka"). Its names are its own: 34 is still "Pondicherry", and 25 (Daman and Diu before
// the 2020 merger) and 97 (Other Territory) are kept for old returns.

export const gstr1PlacesOfSupply: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Pondicherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/**
 * "29-Karnataka". A code the tool does not know (an invoice whose state could not be told) is written bare, so
 * that the tool's import names the row to fix rather than the export guessing a state.
 */
export function placeOfSupplyLabel(code: string): string {
  const name = gstr1PlacesOfSupply[code];
  return name ? `${code}-${name}` : code;
}
