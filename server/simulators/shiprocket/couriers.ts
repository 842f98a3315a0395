import { randomInt } from 'node:crypto';
import { shiprocketEtd } from '../../providers/shiprocket/ist-time';
import type { CourierOption } from '../../providers/shiprocket/types';

export interface SimulatedCourier {
  id: number;
  name: string;
  /** Whether it collects cash on delivery. */
  cod: boolean;
  rating: number;
  /** Rupees for the first half kilogram within a city, and for each further half. */
  firstHalfKg: number;
  extraHalfKg: number;
  /** Days to deliver within a city; each zone further adds a day, a remote region two more. */
  localDays: number;
  awbPrefix: string;
  awbLength: number;
}

const COURIERS: SimulatedCourier[] = [
  {
    id: 10,
    name: 'Delhivery Surface',
    cod: true,
    rating: 4.1,
    firstHalfKg: 38,
    extraHalfKg: 31,
    localDays: 2,
    awbPrefix: '1490',
    awbLength: 14,
  },
  {
    id: 33,
    name: 'Xpressbees Surface',
    cod: true,
    rating: 3.8,
    firstHalfKg: 34,
    extraHalfKg: 29,
    localDays: 3,
    awbPrefix: '1523',
    awbLength: 14,
  },
  {
    id: 1,
    name: 'Blue Dart Air',
    cod: false,
    rating: 4.6,
    firstHalfKg: 76,
    extraHalfKg: 54,
    localDays: 1,
    awbPrefix: '7',
    awbLength: 11,
  },
];

const COD_CHARGE = 40;

/** Delivery pincodes starting with 9 (army postal service) are served by no simulated courier. */
export const UNSERVICEABLE_PINCODE_PREFIX = '9';
/**
 * docs/product.md#delivery-promise: besides the 9 series, the Lakshadweep islands (682551 to 682559) and two
 * remote Andaman pincodes (744301 Car Nicobar, 744304 Campbell Bay) are served by no simulated courier.
 */
export const UNSERVICEABLE_PINCODES: ReadonlySet<string> = new Set([
  ...Array.from({ length: 9 }, (_, index) => String(682_551 + index)),
  '744301',
  '744304',
]);
/** Regions a courier reaches slowly: Jammu, Kashmir and Ladakh (18, 19), the North-East (78, 79), the islands (744). */
const REMOTE_PREFIXES = ['18', '19', '78', '79', '744'];
const REMOTE_EXTRA_DAYS = 2;

export function isUnserviceablePincode(pincode: string): boolean {
  return pincode.startsWith(UNSERVICEABLE_PINCODE_PREFIX) || UNSERVICEABLE_PINCODES.has(pincode);
}

/**
 * Delivery pincodes served prepaid only, where no simulated courier collects cash: the Andaman and Nicobar
 * islands (744) and Kashmir and Ladakh (19), as couriers commonly refuse COD there.
 */
export const COD_UNAVAILABLE_PINCODE_PREFIXES: readonly string[] = ['744', '19'];

function collectsCashAt(courier: SimulatedCourier, pincode: string): boolean {
  return courier.cod && !COD_UNAVAILABLE_PINCODE_PREFIXES.some((prefix) => pincode.startsWith(prefix));
}

function remoteExtraDays(pincode: string): number {
  return REMOTE_PREFIXES.some((prefix) => pincode.startsWith(prefix)) ? REMOTE_EXTRA_DAYS : 0;
}

/** 0 within a city, 1 within a region, 2 within a postal zone, 3 across India: like couriers' rate zones. */
function zoneBetween(from: string, to: string): number {
  if (from.slice(0, 3) === to.slice(0, 3)) return 0;
  if (from.slice(0, 2) === to.slice(0, 2)) return 1;
  if (from[0] === to[0]) return 2;
  return 3;
}

export interface CourierQuote {
  courier: SimulatedCourier;
  option: CourierOption;
  days: number;
}

export function quoteCouriers(
  pickupPincode: string,
  deliveryPincode: string,
  weightKg: number,
  cod: boolean,
  today: Date,
): CourierQuote[] {
  if (isUnserviceablePincode(deliveryPincode)) return [];
  const zone = zoneBetween(pickupPincode, deliveryPincode);
  const halves = Math.max(1, Math.ceil(weightKg / 0.5));
  return COURIERS.filter((courier) => !cod || collectsCashAt(courier, deliveryPincode))
    .map((courier) => {
      const freight = Math.round(
        (courier.firstHalfKg + courier.extraHalfKg * (halves - 1)) * (1 + 0.25 * zone),
      );
      const days = courier.localDays + zone + remoteExtraDays(deliveryPincode);
      const rate = freight + (cod ? COD_CHARGE : 0);
      return {
        courier,
        days,
        option: {
          courier_company_id: courier.id,
          courier_name: courier.name,
          rate,
          freight_charge: freight,
          etd: shiprocketEtd(new Date(today.getTime() + days * 86_400_000)),
          estimated_delivery_days: String(days),
          cod: collectsCashAt(courier, deliveryPincode) ? 1 : 0,
          ...(cod ? { cod_charges: COD_CHARGE } : {}),
          rating: courier.rating,
        },
      };
    })
    .sort((a, b) => a.option.rate - b.option.rate);
}

/** The best value: the highest rating for the money. */
export function recommendedQuote(quotes: CourierQuote[]): CourierQuote | undefined {
  return quotes.reduce<CourierQuote | undefined>(
    (best, quote) =>
      !best || quote.courier.rating / quote.option.rate > best.courier.rating / best.option.rate
        ? quote
        : best,
    undefined,
  );
}

export function newAwb(courier: SimulatedCourier): string {
  let digits = courier.awbPrefix;
  while (digits.length < courier.awbLength) digits += String(randomInt(10));
  return digits;
}

const CITY_BY_PREFIX: Record<string, string> = {
  '11': 'Delhi',
  '12': 'Gurugram',
  '20': 'Noida',
  '30': 'Jaipur',
  '38': 'Ahmedabad',
  '40': 'Mumbai',
  '41': 'Pune',
  '50': 'Hyderabad',
  '56': 'Bengaluru',
  '60': 'Chennai',
  '68': 'Kochi',
  '70': 'Kolkata',
  '80': 'Patna',
};

/** A hub name for a pincode, in the couriers' "City_Hub (City)" style. */
export function hubFor(pincode: string, fallbackCity?: string): string {
  const city = CITY_BY_PREFIX[pincode.slice(0, 2)] ?? fallbackCity ?? `Hub ${pincode.slice(0, 3)}`;
  return `${city.replaceAll(' ', '')}_Hub (${city})`;
}
