import { describe, expect, it } from 'vitest';
import { isReturnTracking, returnStageOf } from '../../providers/shiprocket/returns';
import { TrackingWebhookSchema, trackingUpdateOfReply, trackingUpdateOfWebhook } from './tracking-payloads';

// docs/architecture.md#shiprocket-returns: a return parcel's webhook and tracking reply are read by the same
// parsers as a forward parcel's; only the stages they map to are the returns' own.

const scan = (date: string, id: number, label: string) => ({
  date,
  status: 'RX',
  activity: `Return - ${label.toLowerCase()}`,
  location: 'Bengaluru_Hub (Bengaluru)',
  'sr-status': String(id),
  'sr-status-label': label,
});

describe('a return parcel tracked like a forward one', () => {
  it('reads the webhook into an update whose statuses map to return stages', () => {
    const payload = TrackingWebhookSchema.parse({
      awb: '14901234567890',
      courier_name: 'Delhivery Surface',
      current_status: 'RETURN PICKED UP',
      current_status_id: 32,
      shipment_status: 'RETURN PICKED UP',
      shipment_status_id: 32,
      current_timestamp: '03 07 2024 16:05:09',
      order_id: 'RET-a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      sr_order_id: 1720000000001,
      etd: '2024-07-06 18:00:00',
      scans: [
        scan('2024-07-03 15:05:09', 47, 'RETURN OUT FOR PICKUP'),
        scan('2024-07-03 16:05:09', 32, 'RETURN PICKED UP'),
      ],
      is_return: 1,
    });
    expect(isReturnTracking(payload)).toBe(true);
    const update = trackingUpdateOfWebhook(payload);
    expect(returnStageOf({ statusId: update.statusId, label: update.statusLabel })).toBe('picked_up');
    expect(
      update.scans.map((each) => returnStageOf({ statusId: each.statusId, label: each.status })),
    ).toEqual(['pickup_scheduled', 'picked_up']);
  });

  it('reads the tracking reply the same way, oldest scan first', () => {
    const update = trackingUpdateOfReply({
      tracking_data: {
        track_status: 1,
        shipment_status: 26,
        shipment_track: [
          {
            awb_code: '14901234567890',
            courier_name: 'Delhivery Surface',
            current_status: 'RETURN DELIVERED',
          },
        ],
        shipment_track_activities: [
          scan('2024-07-05 11:00:00', 26, 'RETURN DELIVERED'),
          scan('2024-07-04 09:00:00', 25, 'RETURN IN TRANSIT'),
        ],
        track_url: 'https://shiprocket.co/tracking/14901234567890',
        etd: null,
      },
    });
    expect(returnStageOf({ statusId: update.statusId, label: update.statusLabel })).toBe('delivered');
    expect(update.scans.map((each) => each.status)).toEqual(['RETURN IN TRANSIT', 'RETURN DELIVERED']);
  });
});
