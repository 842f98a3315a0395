// Writes the 21 product images: web/public/images/products/{id}-{n}.svg
//   n = 1: the mitten itself, front view, on a soft background
//   n = 2: close-up of the woven silk with the stitched brand label
//   n = 3: lifestyle scene (mitten, soap bar, folded towel, water drops)
// Run: npx tsx scripts/generate-product-images.ts
// Output is deterministic: the only "randomness" is a seeded generator keyed on the product id.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Palette {
  id: number;
  name: string; // used in the <title>
  colour: string; // colour words for the <title>
  face: boolean; // the small round face mitt instead of the hand mitten
  bg: [string, string]; // background gradient, top -> bottom
  silk: [string, string]; // mitten fabric, light -> shaded
  stitch: string; // seam thread and label
  labelText: string; // lettering on the label
  towel: string;
  soap: string;
}

const palettes: Palette[] = [
  {
    id: 1,
    name: 'Face Mitt',
    colour: 'ivory',
    face: true,
    bg: ['#fbf7ef', '#efe5d3'],
    silk: ['#fffbf2', '#e2d4b8'],
    stitch: '#b0915e',
    labelText: '#fffbf2',
    towel: '#c9d6d8',
    soap: '#f3dcc4',
  },
  {
    id: 2,
    name: 'For Normal Skin mitt',
    colour: 'sand beige',
    face: false,
    bg: ['#f8f2e9', '#eadcc6'],
    silk: ['#eddcbf', '#c4a57a'],
    stitch: '#7d5c34',
    labelText: '#f8f2e9',
    towel: '#ffffff',
    soap: '#dfe7d4',
  },
  {
    id: 3,
    name: 'For Sensitive Skin mitt',
    colour: 'soft pink',
    face: false,
    bg: ['#fef4f4', '#f6dfe1'],
    silk: ['#f9d6db', '#dc9ca8'],
    stitch: '#a9546a',
    labelText: '#fef4f4',
    towel: '#ffffff',
    soap: '#f4e6d4',
  },
  {
    id: 4,
    name: 'Luxury Mitt',
    colour: 'gold champagne',
    face: false,
    bg: ['#fcf7ea', '#efe1bf'],
    silk: ['#f4e2b0', '#c59c4f'],
    stitch: '#80601c',
    labelText: '#fcf3d9',
    towel: '#fbf8f1',
    soap: '#e9d8c9',
  },
  {
    id: 5,
    name: 'Luxury Soft Mitt',
    colour: 'pearl lilac',
    face: false,
    bg: ['#f8f6fb', '#e7e0f0'],
    silk: ['#efe9f6', '#b4a2cc'],
    stitch: '#6f5a96',
    labelText: '#f8f6fb',
    towel: '#ffffff',
    soap: '#f5e9ef',
  },
  {
    id: 6,
    name: 'Soft Mitt',
    colour: 'sage green',
    face: false,
    bg: ['#f4f7f0', '#dfe7d6'],
    silk: ['#d3dfc7', '#90a77f'],
    stitch: '#4d6441',
    labelText: '#f4f7f0',
    towel: '#fbfaf5',
    soap: '#f1e4cf',
  },
  {
    id: 7,
    name: 'Luxury Mitt Black',
    colour: 'charcoal black with gold stitching',
    face: false,
    bg: ['#f1ede6', '#d8d0c3'],
    silk: ['#4a4a50', '#19191c'],
    stitch: '#d4af37',
    labelText: '#1d1d20',
    towel: '#fbf8f1',
    soap: '#e7d3a8',
  },
];

const SIZE = 600;

/** mulberry32: tiny seeded PRNG so the drop positions differ per product but never between runs. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function svg(title: string, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">` +
    `<title>${title}</title><defs>${defs}</defs>${body}</svg>\n`
  );
}

// ---------- shared definitions ----------

/** Gradients and the fine silk weave used on the mitten in images 1 and 3. */
function mittenDefs(p: Palette): string {
  const dark = p.id === 7;
  return (
    `<linearGradient id="s" x2="1" y2="1"><stop offset="0" stop-color="${p.silk[0]}"/><stop offset="1" stop-color="${p.silk[1]}"/></linearGradient>` +
    `<linearGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity="${dark ? '.22' : '.5'}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<pattern id="w" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M0 2h7M2 0v7" stroke="${dark ? '#fff' : '#000'}" stroke-opacity="${dark ? '.09' : '.07'}"/></pattern>` +
    // ribbed cuff / strap
    `<pattern id="r" width="9" height="9" patternUnits="userSpaceOnUse"><path d="M0 0h9v9H0z" fill="${p.silk[1]}"/><path d="M4 0v9" stroke="#000" stroke-opacity=".14" stroke-width="3"/></pattern>` +
    // the hand mitten outline, drawn twice: silk gradient, then weave
    (p.face ? '' : `<path id="m" d="${MITT}"/>`) +
    `<radialGradient id="h"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`
  );
}

// Hand mitten outline in local coordinates (about 330 wide incl. thumb, 370 tall), centred near 0,0.
const MITT =
  'M-95 160V40C-127 30-154 0-160-40C-165-76-150-102-126-102C-108-102-98-88-92-72V-118' +
  'C-92-172-52-200 4-200C60-200 100-172 100-118V160Z';
// The same outline traced about 13 units inside: the line of the seam stitching.
const SEAM =
  'M-82 150V30C-112 20-140-8-146-42C-150-70-140-88-126-88C-110-88-100-70-79-50V-118' +
  'C-79-162-46-187 4-187C54-187 87-162 87-118V150';

/** The mitten (hand shape or round face mitt) drawn at the origin; the caller positions it. */
function mitten(p: Palette): string {
  const thread = `fill="none" stroke="${p.stitch}" stroke-width="3" stroke-dasharray="9 7" stroke-linecap="round"`;
  const label =
    `<rect x="-40" y="96" width="80" height="24" rx="3" fill="${p.stitch}"/>` +
    `<text x="0" y="113" font-family="sans-serif" font-size="11" font-weight="700" letter-spacing="2" text-anchor="middle" fill="${p.labelText}">OTTOMAN</text>`;
  if (p.face) {
    // Small round pad with an elastic strap for the fingers and a hanging loop.
    return (
      `<path d="M60-150c40-40 90-20 70 20" fill="none" stroke="${p.stitch}" stroke-width="5"/>` +
      `<circle r="165" fill="url(#s)"/><circle r="165" fill="url(#w)" stroke="${p.silk[1]}" stroke-width="4"/>` +
      `<circle r="150" ${thread}/>` +
      `<ellipse cx="-55" cy="-70" rx="70" ry="38" fill="url(#g)" transform="rotate(-35 -55 -70)"/>` +
      `<rect x="-150" y="-30" width="300" height="64" rx="12" fill="url(#r)"/>` +
      `<path d="M-140-20h280M-140 24h280" ${thread}/>` +
      label.replace('y="96"', 'y="-10"').replace('y="113"', 'y="7"')
    );
  }
  return (
    `<use href="#m" fill="url(#s)"/><use href="#m" fill="url(#w)"/>` +
    `<path d="M-92-66C-82-30-84 10-95 40" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="3"/>` +
    `<path d="M-40-170C-70-120-66 40-52 130" stroke="url(#g)" stroke-width="34" fill="none" stroke-linecap="round"/>` +
    label +
    `<path d="M92 168c50-30 80 10 60 40s-50 8-52-16" fill="none" stroke="${p.stitch}" stroke-width="5"/>` +
    `<rect x="-104" y="150" width="214" height="66" rx="10" fill="url(#r)"/>` +
    `<path d="${SEAM}M-96 162h198M-96 204h198" ${thread}/>`
  );
}

// ---------- image 1: front view ----------

function frontView(p: Palette): string {
  const defs =
    mittenDefs(p) +
    `<radialGradient id="b" cx=".5" cy=".4" r=".75"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></radialGradient>`;
  const y = p.face ? 290 : 300;
  const body =
    `<rect width="600" height="600" fill="url(#b)"/>` +
    `<circle cx="300" cy="290" r="235" fill="#fff" fill-opacity=".45"/>` +
    `<ellipse cx="300" cy="${p.face ? 500 : 540}" rx="${p.face ? 190 : 170}" ry="26" fill="url(#h)"/>` +
    `<g transform="translate(${p.face ? 300 : 318} ${y})">${mitten(p)}</g>`;
  const what = p.face ? 'small round face mitt with a finger strap' : 'exfoliating bath mitten';
  return svg(`Ottoman ${p.name}: ${p.colour} silk ${what}, front view, on a soft background`, defs, body);
}

// ---------- image 2: woven silk close-up with label ----------

function closeUp(p: Palette): string {
  const [light, shade] = p.silk;
  const dark = p.id === 7;
  // Basket weave: each 60x60 tile holds two patches of horizontal threads and two of vertical ones.
  const threads = (x: number, y: number, vertical: boolean) =>
    [0, 10, 20]
      .map((o) =>
        vertical
          ? `<rect x="${x + o + 1}" y="${y + 1}" width="8" height="28" rx="4" fill="url(#v)"/>`
          : `<rect x="${x + 1}" y="${y + o + 1}" width="28" height="8" rx="4" fill="url(#t)"/>`,
      )
      .join('');
  const defs =
    `<linearGradient id="t" x2="0" y2="1"><stop offset="0" stop-color="${shade}"/><stop offset=".45" stop-color="${light}"/><stop offset="1" stop-color="${shade}"/></linearGradient>` +
    `<linearGradient id="v"><stop offset="0" stop-color="${shade}"/><stop offset=".45" stop-color="${light}"/><stop offset="1" stop-color="${shade}"/></linearGradient>` +
    `<pattern id="k" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(-18)">` +
    `<rect width="60" height="60" fill="${shade}"/>${threads(0, 0, false)}${threads(30, 0, true)}${threads(0, 30, true)}${threads(30, 30, false)}</pattern>` +
    `<linearGradient id="g" x2="1" y2="1"><stop offset=".2" stop-color="#fff" stop-opacity="0"/><stop offset=".45" stop-color="#fff" stop-opacity="${dark ? 0.18 : 0.35}"/><stop offset=".7" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="n" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${dark ? 0.5 : 0.25}"/></radialGradient>`;
  const thread = `fill="none" stroke="${p.stitch}" stroke-width="6" stroke-dasharray="18 12" stroke-linecap="round"`;
  const body =
    `<rect width="600" height="600" fill="url(#k)"/>` +
    `<rect width="600" height="600" fill="url(#g)"/>` +
    // a seam running across the fabric
    `<path d="M-10 150C150 110 420 120 610 60" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="14"/>` +
    `<path d="M-10 138C150 98 420 108 610 48" ${thread}/>` +
    // the sewn-on brand label
    `<g transform="translate(330 400) rotate(-8)">` +
    `<rect x="-150" y="-56" width="300" height="112" rx="8" fill="#000" fill-opacity=".25" transform="translate(6 8)"/>` +
    `<rect x="-150" y="-56" width="300" height="112" rx="8" fill="${p.stitch}"/>` +
    `<rect x="-136" y="-42" width="272" height="84" rx="4" fill="none" stroke="${p.labelText}" stroke-width="3" stroke-dasharray="10 7"/>` +
    `<text y="12" font-family="sans-serif" font-size="34" font-weight="700" letter-spacing="8" text-anchor="middle" fill="${p.labelText}">OTTOMAN</text></g>` +
    `<rect width="600" height="600" fill="url(#n)"/>`;
  return svg(
    `Close-up of the woven ${p.colour} silk of the Ottoman ${p.name}, with stitched seam and brand label`,
    defs,
    body,
  );
}

// ---------- image 3: lifestyle scene ----------

// Places for water drops that keep clear of the mitten, towels and soap: [x, y].
const DROP_SLOTS: [number, number][] = [
  [70, 80],
  [160, 150],
  [300, 60],
  [420, 120],
  [540, 200],
  [250, 250],
  [60, 300],
  [330, 470],
  [60, 545],
  [300, 560],
  [565, 550],
  [380, 215],
];

/** Picks `count` drop slots for a product with a seeded shuffle, each with its own size. */
function drops(seed: number, count: number): string {
  const rand = seeded(seed);
  const slots = [...DROP_SLOTS];
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [slots[i], slots[j]] = [slots[j] as [number, number], slots[i] as [number, number]];
  }
  return slots
    .slice(0, count)
    .map(
      ([x, y]) =>
        `<use href="#dr" transform="translate(${x} ${y}) scale(${(0.7 + rand() * 0.6).toFixed(2)})"/>`,
    )
    .join('');
}

function lifestyle(p: Palette): string {
  const defs =
    mittenDefs(p) +
    `<linearGradient id="b" x2="0" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>` +
    `<linearGradient id="d" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#8fb8cf" stop-opacity=".75"/></linearGradient>` +
    // one teardrop of water with a highlight, reused by <use>
    `<symbol id="dr" overflow="visible"><path d="M0-22C8-8 14 0 14 8A14 14 0 0 1-14 8C-14 0-8-8 0-22Z" fill="url(#d)"/>` +
    `<ellipse cx="-5" cy="5" rx="3" ry="5" fill="#fff" fill-opacity=".85"/></symbol>`;

  // Two folded towels stacked at the back, each with a woven stripe and a fold line.
  const towels =
    `<g fill="${p.towel}" stroke="#000" stroke-opacity=".08" stroke-width="2"><rect x="330" y="334" width="240" height="52" rx="20"/><rect x="348" y="282" width="210" height="52" rx="20"/></g>` +
    `<path d="M508 334v52M496 282v52" stroke="${p.stitch}" stroke-opacity=".45" stroke-width="16"/>` +
    '<path d="M344 374h212M362 322h182" stroke="#000" stroke-opacity=".07" stroke-width="4"/>';

  const soap =
    `<ellipse cx="460" cy="540" rx="100" ry="16" fill="url(#h)"/>` +
    `<rect x="370" y="470" width="180" height="70" rx="30" fill="${p.soap}"/>` +
    `<rect x="370" y="470" width="180" height="70" rx="30" fill="#000" fill-opacity=".1"/>` +
    `<rect x="374" y="458" width="172" height="58" rx="28" fill="${p.soap}"/>` +
    `<ellipse cx="460" cy="487" rx="52" ry="14" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="4"/>` +
    '<g fill="#fff" fill-opacity=".5" stroke="#fff" stroke-width="2">' +
    [
      [400, 452, 12],
      [422, 446, 8],
      [512, 454, 10],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`)
      .join('') +
    '</g>';

  const m = p.face
    ? `<g transform="translate(205 420) scale(.7)">${mitten(p)}</g>`
    : `<g transform="translate(200 395) rotate(-14) scale(.72)">${mitten(p)}</g>`;

  const body =
    `<rect width="600" height="600" fill="url(#b)"/>` +
    // wall tiles, then the counter top
    '<path d="M0 100h600M0 200h600M0 300h600M100 0v390M200 0v390M300 0v390M400 0v390M500 0v390" stroke="#fff" stroke-width="3" stroke-opacity=".8"/>' +
    '<rect y="388" width="600" height="212" fill="#fff" fill-opacity=".45"/><path d="M0 390h600" stroke="#000" stroke-opacity=".08" stroke-width="3"/>' +
    `<ellipse cx="450" cy="392" rx="130" ry="12" fill="url(#h)"/>` +
    towels +
    soap +
    `<ellipse cx="215" cy="${p.face ? 540 : 545}" rx="150" ry="20" fill="url(#h)"/>` +
    m +
    drops(p.id * 7919, 6);
  return svg(
    `Ottoman ${p.name} in ${p.colour} silk beside a bar of soap and folded towels, with water drops`,
    defs,
    body,
  );
}

// ---------- write the files ----------

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'images', 'products');
mkdirSync(outDir, { recursive: true });

for (const p of palettes) {
  const images = [frontView(p), closeUp(p), lifestyle(p)];
  images.forEach((content, i) => {
    const file = join(outDir, `${p.id}-${i + 1}.svg`);
    writeFileSync(file, content);
    console.log(`${file}  ${Buffer.byteLength(content)} bytes`);
  });
}
