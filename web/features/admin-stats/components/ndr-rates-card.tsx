import type { NdrRate } from '../../../../contracts/ndr-rules';
import { ScrollingRegion } from '../../../components/scrolling-region';
import { StatusMessage } from '../../../components/status-message';
import { useNdrRates } from '../api/get-ndr-rates';

const RATES_DAYS = 30;

const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 1 });

/** 0.125 → "12.5%"; "–" with no parcels to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : percent.format(rate);
}

function RatesTable({
  title,
  keyLabel,
  rates,
}: {
  title: string;
  keyLabel: string;
  rates: readonly NdrRate[];
}) {
  return (
    <ScrollingRegion label={`${title}, table`} className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col">Parcels</th>
            <th scope="col">NDRs</th>
            <th scope="col">NDR rate</th>
            <th scope="col">RTOs</th>
            <th scope="col">RTO rate</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.key}>
              <th scope="row" data-label={keyLabel}>
                {rate.key}
              </th>
              <td data-label="Parcels">{rate.shipments}</td>
              <td data-label="NDRs">{rate.ndrs}</td>
              <td data-label="NDR rate">{formatRate(rate.ndrRate)}</td>
              <td data-label="RTOs">{rate.rtos}</td>
              <td data-label="RTO rate">{formatRate(rate.rtoRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingRegion>
  );
}

/**
 * docs/product.md#failed-deliveries: the dashboard's NDR and RTO card, beside the COD figures: of the parcels handed
 * to couriers in the last 30 days, the share with a failed delivery (NDR) and the share returned (RTO), by courier
 * and by pincode, worst first.
 */
export function NdrRatesCard() {
  const rates = useNdrRates(RATES_DAYS);
  const parcels = rates.data?.byCourier.reduce((sum, rate) => sum + rate.shipments, 0) ?? 0;
  return (
    <section className="admin-section" aria-labelledby="ndr-rates-heading">
      <h2 id="ndr-rates-heading">NDR and RTO</h2>
      {rates.isPending && <p role="status">Loading the delivery rates…</p>}
      {rates.isError && <StatusMessage status={{ kind: 'error', text: rates.error.message }} />}
      {rates.isSuccess && parcels === 0 && (
        <p>No parcels were handed to a courier in the last {rates.data.days} days.</p>
      )}
      {rates.isSuccess && parcels > 0 && (
        <>
          <p className="admin-muted">
            Parcels handed to a courier in the last {rates.data.days} days: the share with a failed delivery
            (NDR) and the share returned to us (RTO), worst first.
          </p>
          <h3>By courier</h3>
          <RatesTable title="NDR and RTO by courier" keyLabel="Courier" rates={rates.data.byCourier} />
          <h3>By pincode</h3>
          {rates.data.byPincode.length === 0 ? (
            <p>No pincode had a failed delivery.</p>
          ) : (
            <RatesTable title="NDR and RTO by pincode" keyLabel="Pincode" rates={rates.data.byPincode} />
          )}
        </>
      )}
    </section>
  );
}
