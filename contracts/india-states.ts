// docs/product.md#gst-invoices: India's states and union territories with their GST state codes, the code a
// GSTIN starts with and an invoice's place of supply names; and which of them a pincode can belong to.

export interface IndianState {
  /** GST state code, two digits. */
  code: string;
  name: string;
}

export const indianStates = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const satisfies readonly IndianState[];

const byCode = new Map<string, IndianState>(indianStates.map((state) => [state.code, state]));

export function stateByCode(code: string): IndianState | undefined {
  return byCode.get(code);
}

/** Other ways shoppers write a state's name, after lower-casing and dropping everything but letters. */
const aliases: Record<string, string> = {
  jk: '01',
  jammukashmir: '01',
  hp: '02',
  pb: '03',
  ch: '04',
  uttaranchal: '05',
  uk: '05',
  hr: '06',
  newdelhi: '07',
  nctofdelhi: '07',
  nationalcapitalterritoryofdelhi: '07',
  dl: '07',
  rj: '08',
  up: '09',
  br: '10',
  sk: '11',
  ar: '12',
  nl: '13',
  mn: '14',
  mz: '15',
  tr: '16',
  ml: '17',
  as: '18',
  wb: '19',
  jh: '20',
  orissa: '21',
  od: '21',
  or: '21',
  cg: '22',
  chattisgarh: '22',
  mp: '23',
  gj: '24',
  daman: '26',
  damananddiu: '26',
  dadranagarhaveli: '26',
  dadraandnagarhaveli: '26',
  mh: '27',
  ka: '29',
  ga: '30',
  ld: '31',
  kl: '32',
  tn: '33',
  pondicherry: '34',
  py: '34',
  andamannicobar: '35',
  andamanandnicobar: '35',
  an: '35',
  ts: '36',
  tg: '36',
  ap: '37',
  la: '38',
};

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
const byName = new Map<string, string>([
  ...indianStates.map((state) => [squash(state.name), state.code] as [string, string]),
  ...Object.entries(aliases),
]);

/** The state a shopper's free-text state names ("Tamil Nadu", "TN", "NCT of Delhi"), if any. */
export function stateByName(name: string): IndianState | undefined {
  const code = byName.get(squash(name));
  return code === undefined ? undefined : byCode.get(code);
}

/**
 * Pincodes by their first three digits: the postal circles follow state lines except where a district
 * straddles two, so some prefixes name more than one state. Ranges are inclusive.
 */
const pincodeRanges: readonly [from: number, to: number, codes: readonly string[]][] = [
  [110, 110, ['07']],
  [121, 136, ['06']],
  [140, 159, ['03']],
  [160, 160, ['04', '03', '06']],
  [161, 169, ['03']],
  [171, 177, ['02']],
  [180, 193, ['01']],
  [194, 194, ['38', '01']],
  [201, 243, ['09']],
  [244, 247, ['09', '05']],
  [248, 249, ['05']],
  [250, 261, ['09']],
  [262, 262, ['09', '05']],
  [263, 263, ['05']],
  [264, 285, ['09']],
  [301, 345, ['08']],
  [360, 361, ['24']],
  [362, 362, ['24', '26']],
  [363, 395, ['24']],
  [396, 396, ['24', '26']],
  [400, 402, ['27']],
  [403, 403, ['30']],
  [404, 445, ['27']],
  [450, 488, ['23']],
  [490, 497, ['22']],
  [500, 509, ['36']],
  [515, 532, ['37']],
  [533, 533, ['37', '34']],
  [534, 535, ['37']],
  [560, 591, ['29']],
  [600, 604, ['33']],
  [605, 605, ['33', '34']],
  [606, 608, ['33']],
  [609, 609, ['33', '34']],
  [610, 643, ['33']],
  [670, 672, ['32']],
  [673, 673, ['32', '34']],
  [674, 681, ['32']],
  [682, 682, ['32', '31']],
  [683, 695, ['32']],
  [700, 736, ['19']],
  [737, 737, ['11']],
  [738, 743, ['19']],
  [744, 744, ['35']],
  [751, 770, ['21']],
  [781, 788, ['18']],
  [790, 792, ['12']],
  [793, 794, ['17']],
  [795, 795, ['14']],
  [796, 796, ['15']],
  [797, 798, ['13']],
  [799, 799, ['16']],
  [800, 813, ['10']],
  [814, 835, ['20', '10']],
  [836, 855, ['10']],
];

/** The states a six-digit pincode can belong to (empty for a pincode India Post does not use). */
export function statesForPincode(pincode: string): IndianState[] {
  if (!/^[1-9]\d{5}$/.test(pincode)) return [];
  const prefix = Number(pincode.slice(0, 3));
  const range = pincodeRanges.find(([from, to]) => prefix >= from && prefix <= to);
  return (range?.[2] ?? []).flatMap((code) => byCode.get(code) ?? []);
}
