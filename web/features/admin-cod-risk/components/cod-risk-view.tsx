import type { CodRiskRefusalRow, PincodeRtoRow } from '../../../../contracts/cod-risk';
import {
  codRiskOutcomeLabels,
  codRiskRuleLabels,
  MAX_RTO_PINCODES_SHOWN,
} from '../../../../contracts/cod-risk-rules';
import { ScrollingRegion } from '../../../components/scrolling-region';
import { StatusMessage } from '../../../components/status-message';
import { formatIsoDay, formatPaise } from '../../../lib/console-format';
import { useCodRisk } from '../api/get-cod-risk';

/** docs/product.md#cod-risk-rules: each pincode with a return to origin among its last COD orders. */
export function PincodeRtoTable({ pincodes }: { pincodes: readonly PincodeRtoRow[] }) {
  return (
    <section className="admin-section" aria-labelledby="cod-rto-pincodes">
      <h2 id="cod-rto-pincodes">RTO rate by pincode</h2>
      <p className="admin-muted">
        Pincodes with a return to origin among their last COD orders that reached an end (delivered or
        returned), highest rate first, at most {MAX_RTO_PINCODES_SHOWN}.
      </p>
      {pincodes.length === 0 ? (
        <p>No COD parcel has come back undelivered.</p>
      ) : (
        <ScrollingRegion label="RTO rate by pincode, table" className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Pincode</th>
                <th scope="col">COD orders</th>
                <th scope="col">RTO</th>
                <th scope="col">Rate</th>
                <th scope="col">COD</th>
              </tr>
            </thead>
            <tbody>
              {pincodes.map((row) => (
                <tr key={row.pincode}>
                  <td data-label="Pincode">{row.pincode}</td>
                  <td data-label="COD orders">{row.codOrders}</td>
                  <td data-label="RTO">{row.rtos}</td>
                  <td data-label="Rate">{`${row.ratePercent.toLocaleString('en-IN')} %`}</td>
                  <td data-label="COD">{codRiskOutcomeLabels[row.outcome]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingRegion>
      )}
    </section>
  );
}

/** docs/product.md#cod-risk-rules: which rule refused whom, the last 30 days. */
export function CodRiskRefusalsTable({ refusals }: { refusals: readonly CodRiskRefusalRow[] }) {
  return (
    <section className="admin-section" aria-labelledby="cod-risk-refusals">
      <h2 id="cod-risk-refusals">Refused by a COD risk rule</h2>
      {refusals.length === 0 ? (
        <p>No checkout was refused COD by a risk rule in the last 30 days.</p>
      ) : (
        <ScrollingRegion label="Refused by a COD risk rule, table" className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Rule</th>
                <th scope="col">Shopper</th>
                <th scope="col">Pincode</th>
                <th scope="col">Order value</th>
                <th scope="col">Checkouts</th>
              </tr>
            </thead>
            <tbody>
              {refusals.map((row) => (
                <tr key={`${row.day}:${row.rule}:${row.userId}`}>
                  <td data-label="Day">{formatIsoDay(row.day)}</td>
                  <td data-label="Rule">{codRiskRuleLabels[row.rule]}</td>
                  <td data-label="Shopper">{row.shopper}</td>
                  <td data-label="Pincode">{row.pincode}</td>
                  <td data-label="Order value">{formatPaise(row.orderPaise)}</td>
                  <td data-label="Checkouts">{row.checks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingRegion>
      )}
    </section>
  );
}

/** The Cash on delivery page's risk sections. */
export function CodRiskView() {
  const risk = useCodRisk();
  if (risk.isPending) return <p role="status">Loading the COD risk figures…</p>;
  if (risk.isError) return <StatusMessage status={{ kind: 'error', text: risk.error.message }} />;
  return (
    <>
      <PincodeRtoTable pincodes={risk.data.pincodes} />
      <CodRiskRefusalsTable refusals={risk.data.refusals} />
    </>
  );
}
