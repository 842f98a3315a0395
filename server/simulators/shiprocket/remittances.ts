import { randomInt } from 'node:crypto';
import type { SimulatedRemittanceLine } from '../../db/schema/simulators';
import { shiprocketDateTime } from '../../providers/shiprocket/ist-time';
import type { SimulatedShipment } from './shipments';

// docs/operations.md#cod-remittances: Shiprocket pays delivered COD parcels' cash to the brand in cycles and
// lists each payment in its panel, whose export is the record the shop imports (its API has no such call).

export type { SimulatedRemittanceLine } from '../../db/schema/simulators';

export interface SimulatedRemittance {
  /** Shiprocket's "CRF ID" of the cycle. */
  id: string;
  utr: string;
  /** yyyy-mm-dd, in India. */
  remittedOn: string;
  lines: SimulatedRemittanceLine[];
  createdAt: Date;
}

export interface RemittanceCycleOptions {
  /** Parcels delivered up to this instant are paid (default: all delivered so far). */
  deliveredBefore?: Date;
  /** A short payment: this many paise less for one parcel, the first or `shortAwb`. */
  shortByPaise?: number;
  shortAwb?: string;
  /** The day the money is sent (default: today). */
  remittedOn?: Date;
}

export interface RemittanceBookState {
  /** The remittances to start from, oldest first. */
  saved?: SimulatedRemittance[] | undefined;
  onChange?: ((remittance: SimulatedRemittance) => void) | undefined;
  onReset?: (() => void) | undefined;
}

/** What the courier collects for a shipment: shipments saved before COD was simulated carry no amount. */
export function codAmountOf(shipment: SimulatedShipment): number {
  if (shipment.order.paymentMethod !== 'COD') return 0;
  return shipment.order.codAmountPaise ?? Math.round(shipment.order.subTotal * 100);
}

// A NEFT UTR: the paying bank's four letters, N, then digits.
const newUtr = () => `UTIBN${String(randomInt(10 ** 10, 10 ** 11))}`;

export function createRemittanceBook(state: RemittanceBookState = {}) {
  // Every remittance is kept, like the shipments they pay: the set of paid AWBs must be whole, or a parcel
  // would be paid twice.
  let remittances = new Map<string, SimulatedRemittance>();
  let paidAwbs = new Set<string>();
  let lastId = 0;

  function remember(remittance: SimulatedRemittance) {
    remittances.set(remittance.id, remittance);
    for (const line of remittance.lines) paidAwbs.add(line.awb);
    lastId = Math.max(lastId, Number(remittance.id) || 0);
  }
  for (const saved of state.saved ?? []) remember(structuredClone(saved));

  function nextId(): string {
    lastId = Math.max(lastId + 1, Math.floor(Date.now() / 1000));
    return String(lastId);
  }

  return {
    all: (): SimulatedRemittance[] => [...remittances.values()].map((r) => structuredClone(r)),
    get: (id: string) => {
      const found = remittances.get(id);
      return found && structuredClone(found);
    },

    /**
     * One cycle: every delivered COD parcel not paid before, delivered by `deliveredBefore`, in one bank
     * transfer. Undefined when nothing is due. A short payment, if asked, takes paise off one parcel.
     */
    runCycle(shipments: SimulatedShipment[], options: RemittanceCycleOptions = {}) {
      const cutoff = options.deliveredBefore ?? new Date();
      const due = shipments.filter(
        (shipment) =>
          shipment.awb !== undefined &&
          !paidAwbs.has(shipment.awb) &&
          shipment.deliveredAt !== undefined &&
          shipment.deliveredAt <= cutoff &&
          codAmountOf(shipment) > 0,
      );
      if (due.length === 0) return undefined;
      const shortAwb = options.shortAwb ?? due[0]?.awb;
      if (options.shortAwb !== undefined && !due.some((shipment) => shipment.awb === options.shortAwb)) {
        throw new Error(`AWB ${options.shortAwb} has no cash due in this cycle`);
      }
      const lines = due.map((shipment): SimulatedRemittanceLine => {
        const codAmountPaise = codAmountOf(shipment);
        const short = shipment.awb === shortAwb ? Math.min(options.shortByPaise ?? 0, codAmountPaise) : 0;
        return {
          awb: shipment.awb ?? '',
          orderId: shipment.order.orderId,
          srOrderId: shipment.orderId,
          codAmountPaise,
          remittedAmountPaise: codAmountPaise - short,
        };
      });
      const remittance: SimulatedRemittance = {
        id: nextId(),
        utr: newUtr(),
        remittedOn: shiprocketDateTime(options.remittedOn ?? new Date()).slice(0, 10),
        lines,
        createdAt: new Date(),
      };
      remember(remittance);
      state.onChange?.(structuredClone(remittance));
      return structuredClone(remittance);
    },

    reset() {
      remittances = new Map();
      paidAwbs = new Set();
      state.onReset?.();
    },
  };
}

export type RemittanceBook = ReturnType<typeof createRemittanceBook>;

const rupees = (paise: number) => (paise / 100).toFixed(2);

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The panel's remittance export of these cycles: one row a parcel (exact headers unconfirmed). */
export function remittanceCsv(remittances: SimulatedRemittance[]): string {
  const header = ['CRF ID', 'UTR', 'Remittance Date', 'AWB', 'Order ID', 'COD Amount', 'Remitted Amount'];
  const rows = remittances.flatMap((remittance) =>
    remittance.lines.map((line) => [
      remittance.id,
      remittance.utr,
      remittance.remittedOn,
      line.awb,
      line.orderId,
      rupees(line.codAmountPaise),
      rupees(line.remittedAmountPaise),
    ]),
  );
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
