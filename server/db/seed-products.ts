// The Ottoman catalogue (docs/product.md#entities): seven silk exfoliating bath mittens, priced in rupees.
// Prices are stored in paise (list price x 100). Copy is written for Indian shoppers and makes no medical claims.

export interface SeedProduct {
  id: number;
  title: string;
  description: string; // one or two sentences for the card and product page
  pricePaise: number; // list price x 100: 399 -> 39900
  discountPercent: number; // 40 for all
  rating: number; // 1..5 as in docs/product.md#entities
  category: 'bath' | 'gloves' | 'premium';
  sku: string; // unique
  brand: string;
  weightGrams: number; // shipping weight
  images: string[];
  whyChoose: string; // a paragraph
  benefits: string[]; // exactly 5
  changesObserved: string; // what a customer notices after 1, 2 and 4 weeks of use
}

export const seedProducts: readonly SeedProduct[] = [
  {
    id: 1,
    title: 'Face Mitt',
    description:
      'A small, round ivory silk mitt with a finger strap, sized for the face and neck. Its fine weave lifts away dull, dry skin with light circular strokes.',
    pricePaise: 39900,
    discountPercent: 40,
    rating: 4,
    category: 'bath',
    sku: 'OTM-FACE-001',
    brand: 'Ottoman',
    weightGrams: 200,
    images: [
      '/images/products/1-1-800.webp',
      '/images/products/1-2-800.webp',
      '/images/products/1-3-800.webp',
    ],
    whyChoose:
      'Body mitts are too big and too firm for the face. The Face Mitt is a palm-sized round pad in a finer silk weave, with an elastic strap across the back so it stays on two or three fingers while you work around the nose, chin and jawline. Use it on a damp face after cleansing, once or twice a week, with no scrub or soap needed. It rinses clean under the tap and dries quickly when hung by its loop.',
    benefits: [
      'Palm-sized round pad that reaches around the nose, chin and jawline',
      'Finer silk weave than our body mitts, meant for light pressure',
      'Elastic finger strap keeps it steady without gripping',
      'Works on its own on damp skin, no scrub or exfoliating cream needed',
      'Rinses clean and dries quickly when hung by its loop',
    ],
    changesObserved:
      'After the first week most people notice that the face feels smoother to the touch and that dry flakes around the nose and eyebrows are gone. By the second week moisturiser and sunscreen tend to spread more evenly instead of catching on dry patches. After four weeks of use once or twice a week, the skin usually looks fresher and less dull. Results differ from person to person; if you see redness, use it less often and with lighter pressure.',
  },
  {
    id: 2,
    title: 'For Normal Skin',
    description:
      'A sand-beige woven silk bath mitt with a medium texture for full-body exfoliation. Made for normal skin that is neither very dry nor easily irritated.',
    pricePaise: 94900,
    discountPercent: 40,
    rating: 5,
    category: 'gloves',
    sku: 'OTM-NORM-002',
    brand: 'Ottoman',
    weightGrams: 500,
    images: [
      '/images/products/2-1-800.webp',
      '/images/products/2-2-800.webp',
      '/images/products/2-3-800.webp',
    ],
    whyChoose:
      'This is our everyday body mitt. The medium weave has enough grip to lift away dead skin from arms, legs and back, but is not as firm as a traditional hammam kese. Soak in warm water or take a hot shower for five to ten minutes, then rub the mitt over damp skin in long strokes. There is no need for scrub granules or harsh chemical exfoliants; the woven silk does the work. The ribbed cuff keeps the mitt on your hand and the loop lets it hang and dry between uses.',
    benefits: [
      'Medium silk weave for weekly full-body exfoliation',
      'No scrubs, granules or chemical exfoliants needed',
      'Helps lotion and body oil spread evenly on freshly exfoliated skin',
      'Ribbed cuff keeps the mitt in place on wet hands',
      'Hand-washable and quick to dry when hung by its loop',
    ],
    changesObserved:
      'The first time you use it you may see small grey rolls of dead skin come away, especially on the arms and back. After one week the skin feels noticeably smoother. By the second week, elbows and knees feel less rough and your body lotion goes further. After four weeks of use once or twice a week, the skin tends to look more even and less dull. Results vary from person to person, so go gently at first.',
  },
  {
    id: 3,
    title: 'For Sensitive Skin',
    description:
      'A soft pink silk mitt with a gentler, looser weave for skin that reddens easily. It exfoliates with light pressure and no scrub or soap.',
    pricePaise: 94900,
    discountPercent: 40,
    rating: 3,
    category: 'bath',
    sku: 'OTM-SENS-003',
    brand: 'Ottoman',
    weightGrams: 500,
    images: [
      '/images/products/3-1-800.webp',
      '/images/products/3-2-800.webp',
      '/images/products/3-3-800.webp',
    ],
    whyChoose:
      'Many people with sensitive skin give up on exfoliating because scrubs and firm mitts leave them red and itchy. This mitt uses a looser, softer silk weave so that light strokes are enough. Start once a week on damp skin after a warm, not hot, shower and try it first on a small area such as the inner arm. Skip areas with cuts, sunburn, rashes or active breakouts. If you have a skin condition, please check with your dermatologist before adding any exfoliation to your routine.',
    benefits: [
      'Looser, softer silk weave that works with light pressure',
      'Works with plain water, with no scrub beads or fragrance',
      'A gentler alternative to grainy scrubs and firm kese mitts',
      'Easy to control pressure on the neck, chest and inner arms',
      'Rinses clean and dries quickly between uses',
    ],
    changesObserved:
      'In the first week, expect a gentle change: skin feels a little softer, with less flaking on dry areas like shins and forearms. By the second week moisturiser tends to absorb more evenly. After four weeks of weekly use, most people find rough patches are smoother without the redness a scrub can leave. Everyone’s skin is different; if you notice irritation, stop and use the mitt less often.',
  },
  {
    id: 4,
    title: 'Luxury Mitt',
    description:
      'Our champagne-gold luxury mitt in a denser silk weave with double-stitched seams. A firm, thorough exfoliation for a weekly bath ritual.',
    pricePaise: 99900,
    discountPercent: 40,
    rating: 4,
    category: 'premium',
    sku: 'OTM-LUX-004',
    brand: 'Ottoman',
    weightGrams: 500,
    images: [
      '/images/products/4-1-800.webp',
      '/images/products/4-2-800.webp',
      '/images/products/4-3-800.webp',
    ],
    whyChoose:
      'The Luxury Mitt is for people who enjoy a proper hammam-style scrub at home. The silk is woven more densely than our everyday mitts, which gives it a firmer grip on dead skin, and the seams are double-stitched so it holds its shape through months of weekly use. Use it after a long, warm bath or shower on damp skin, without soap, working in long strokes from the feet upwards. Rinse it well afterwards and hang it to dry.',
    benefits: [
      'Denser silk weave for a firm, thorough exfoliation',
      'Double-stitched seams that keep their shape with regular use',
      'Generous size that covers the back, legs and arms quickly',
      'Brings the feel of a hammam scrub to your own bathroom',
      'Champagne-gold finish that also makes a thoughtful gift',
    ],
    changesObserved:
      'After your first session you will likely see grey rolls of dead skin, which is normal with a firm silk mitt. After one week skin feels clearly smoother and softer. By the second week rough areas like heels, knees and elbows feel less coarse. After four weeks of weekly use the skin tends to look more even and takes moisturiser well. Results differ for everyone, and once a week is enough for most people.',
  },
  {
    id: 5,
    title: 'Luxury Soft Mitt',
    description:
      'The luxury mitt in pearl lilac, woven for a softer touch. A thorough but gentle exfoliation for dry or delicate skin.',
    pricePaise: 89900,
    discountPercent: 40,
    rating: 4,
    category: 'gloves',
    sku: 'OTM-LUXS-005',
    brand: 'Ottoman',
    weightGrams: 500,
    images: [
      '/images/products/5-1-800.webp',
      '/images/products/5-2-800.webp',
      '/images/products/5-3-800.webp',
    ],
    whyChoose:
      'The Luxury Soft Mitt keeps the generous size and double-stitched seams of our Luxury Mitt but uses a softer silk weave. It suits people with dry or delicate skin, or anyone who found a firm mitt too much. It works best on damp skin after a warm shower and with light, even strokes, no soap needed. Follow with your usual moisturiser or body oil while the skin is still slightly damp.',
    benefits: [
      'Softer silk weave for a gentle but thorough exfoliation',
      'Same generous size and double-stitched seams as the Luxury Mitt',
      'Suits dry or delicate skin and first-time users',
      'Leaves skin ready for moisturiser or body oil',
      'Pearl-lilac finish, hand-washable and quick to dry',
    ],
    changesObserved:
      'After one week, dry, flaky patches on the legs and arms feel softer and less tight. By the second week body oil and lotion sink in more easily instead of sitting on the surface. After four weeks of use once or twice a week, the skin usually looks smoother and more supple. Results vary from person to person; ease off if your skin feels sensitive.',
  },
  {
    id: 6,
    title: 'Soft Mitt',
    description:
      'A sage-green silk mitt with a soft weave for gentle, regular exfoliation. A good first mitt if you have never used one before.',
    pricePaise: 64900,
    discountPercent: 40,
    rating: 5,
    category: 'premium',
    sku: 'OTM-SOFT-006',
    brand: 'Ottoman',
    weightGrams: 500,
    images: [
      '/images/products/6-1-800.webp',
      '/images/products/6-2-800.webp',
      '/images/products/6-3-800.webp',
    ],
    whyChoose:
      'If you are new to dry-weave exfoliation, start here. The Soft Mitt has a soft silk weave that smooths the skin without the firm grip of a traditional kese, so it is easy to get used to. Use it on damp skin once or twice a week after a warm shower. The ribbed cuff keeps it on the hand and the loop makes it easy to hang on a hook in the bathroom. It is our most affordable body mitt and a simple way to find out how silk exfoliation suits you.',
    benefits: [
      'Soft silk weave that is easy on first-time users',
      'Gentle enough to use once or twice a week',
      'No scrubs, granules or chemical exfoliants needed',
      'Ribbed cuff and hanging loop for easy use and drying',
      'Our most affordable full-size body mitt',
    ],
    changesObserved:
      'After the first week most people notice softer, smoother skin on the arms and legs. By the second week, skin feels less dry after a bath and lotion spreads more evenly. After four weeks of regular use, the skin tends to look brighter and feel consistently smoother. Everyone’s skin responds differently, so adjust how often you use it.',
  },
  {
    id: 7,
    title: 'Luxury Mitt Black',
    description:
      'Our luxury mitt in charcoal black silk with gold stitching. The same dense weave and double-stitched seams as the Luxury Mitt, in a colour that stays looking new.',
    pricePaise: 99900,
    discountPercent: 40,
    rating: 5,
    category: 'premium',
    sku: 'OTM-LUXB-007',
    brand: 'Ottoman',
    weightGrams: 500,
    images: [
      '/images/products/7-1-800.webp',
      '/images/products/7-2-800.webp',
      '/images/products/7-3-800.webp',
    ],
    whyChoose:
      'The Luxury Mitt Black has the dense silk weave and double-stitched seams of our Luxury Mitt, finished in charcoal black with gold stitching. The dark colour does not show the marks that body oils, ubtan or turmeric can leave on a light mitt, so it keeps looking smart for longer. Use it on damp skin after a warm bath or shower, without soap, in long firm strokes. Rinse well after use and hang it by the loop to dry.',
    benefits: [
      'Dense silk weave for a firm, thorough exfoliation',
      'Charcoal black colour that does not show stains from oils or ubtan',
      'Gold stitching and double-stitched seams for a long life',
      'Generous size for quick full-body use',
      'A smart gift for anyone who enjoys a weekly bath ritual',
    ],
    changesObserved:
      'After the first use you may see grey rolls of dead skin, a normal sign that the mitt is working. By the end of the first week skin feels clearly smoother. After two weeks rough spots like elbows, knees and heels feel less coarse. After four weeks of weekly use the skin usually looks more even and holds moisture better after a bath. Results vary, and once a week is plenty for most skin types.',
  },
];
