import type { TrackingReply } from '../../providers/shiprocket/types';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The simulator's stand-in for Shiprocket's public tracking page (the `track_url` of its replies). */
export function trackingPage(
  awb: string,
  courierName: string | undefined,
  tracking: TrackingReply | undefined,
) {
  const data = tracking?.tracking_data;
  const rows =
    data?.track_status === 1
      ? data.shipment_track_activities
          .map(
            (scan) =>
              `<tr><td>${escapeHtml(scan.date)}</td><td>${escapeHtml(scan['sr-status-label'])}</td>` +
              `<td>${escapeHtml(scan.activity)}</td><td>${escapeHtml(scan.location)}</td></tr>`,
          )
          .join('')
      : '';
  const summary = !tracking
    ? 'No shipment has this AWB.'
    : data?.track_status === 1
      ? `${escapeHtml(data.shipment_track[0]?.current_status ?? '')}${data.etd ? `, expected by ${escapeHtml(data.etd)}` : ''}`
      : 'Not yet picked up by the courier.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Track ${escapeHtml(awb)} (simulated Shiprocket)</title></head>
<body>
<h1>Shipment ${escapeHtml(awb)}</h1>
<p>${courierName ? `${escapeHtml(courierName)}: ` : ''}${summary}</p>
${rows ? `<table><thead><tr><th>Date</th><th>Status</th><th>Activity</th><th>Location</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
<p><small>Local Shiprocket simulator: no parcel exists.</small></p>
</body>
</html>`;
}
