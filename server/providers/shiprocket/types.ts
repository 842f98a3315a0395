// Shiprocket's requests and replies as its API sends them (docs/architecture.md#shiprocket); only what we use is typed.

export interface AdhocOrderItem {
  name: string;
  sku: string;
  units: number;
  /** Rupees a unit, after discount. */
  selling_price: number;
  discount?: number;
  tax?: number;
  hsn?: string | number;
}

interface ShippingAddressFields {
  shipping_customer_name: string;
  shipping_last_name?: string;
  shipping_address: string;
  shipping_address_2?: string;
  shipping_city: string;
  shipping_pincode: string;
  shipping_state: string;
  shipping_country: string;
  shipping_email?: string;
  shipping_phone: string;
}

interface AdhocOrderCommon {
  /** Ours, at most 50 characters, never reused: it is what makes a repeated create safe. */
  order_id: string;
  /** "yyyy-mm-dd hh:mm" in Indian time: see `shiprocketOrderDate`. */
  order_date: string;
  /** The pickup address's name as configured in the panel. */
  pickup_location: string;
  billing_customer_name: string;
  billing_last_name?: string;
  billing_address: string;
  billing_address_2?: string;
  billing_city: string;
  billing_pincode: string;
  billing_state: string;
  billing_country: string;
  billing_email: string;
  billing_phone: string;
  order_items: AdhocOrderItem[];
  payment_method: 'Prepaid' | 'COD';
  /** Rupees: the items after their discounts. */
  sub_total: number;
  /** Rupees each. With COD the courier collects sub_total plus these, less total_discount (see `cod.ts`). */
  shipping_charges?: number;
  giftwrap_charges?: number;
  /** The COD fee the shopper pays, in Shiprocket's words a transaction charge. */
  transaction_charges?: number;
  total_discount?: number;
  /** Centimetres, each above 0.5. */
  length: number;
  breadth: number;
  height: number;
  /** Kilograms. */
  weight: number;
}

export type AdhocOrderInput =
  | (AdhocOrderCommon & { shipping_is_billing: true })
  | (AdhocOrderCommon & { shipping_is_billing: false } & ShippingAddressFields);

export interface AdhocOrderReply {
  /** Shiprocket's own order id. */
  order_id: number;
  shipment_id: number;
  status: string;
  status_code: number;
  awb_code: string | null;
  courier_company_id: number | null;
  courier_name: string | null;
}

export interface CourierOption {
  courier_company_id: number;
  courier_name: string;
  /** Rupees, what the shipment would cost us. */
  rate: number;
  freight_charge: number;
  /** "Jul 01, 2024". */
  etd: string;
  estimated_delivery_days: string;
  /** 1 when the courier collects cash on delivery. */
  cod: number;
  /** Rupees the courier adds for collecting cash, on a query with cod=1 (field not in every sample). */
  cod_charges?: number;
  rating: number;
}

export interface ServiceabilityReply {
  status: number;
  data: {
    available_courier_companies: CourierOption[];
    recommended_courier_company_id: number | null;
  };
}

export interface AwbAssignReply {
  awb_assign_status: 1;
  response: {
    data: {
      awb_code: string;
      courier_company_id: number;
      courier_name: string;
      shipment_id: number;
      order_id: number;
      pickup_scheduled_date: string | null;
    };
  };
}

export interface PickupReply {
  pickup_status: 1;
  response: {
    /** "yyyy-mm-dd hh:mm:ss", Indian time. */
    pickup_scheduled_date: string;
    pickup_token_number: string;
  };
}

export interface TrackingActivity {
  /** "yyyy-mm-dd hh:mm:ss", Indian time. */
  date: string;
  /** The courier's own code. */
  status: string;
  activity: string;
  location: string;
  /** Shiprocket's status id, as a string in their samples. */
  'sr-status': string | number;
  'sr-status-label': string;
}

export interface ShipmentTrack {
  awb_code: string;
  courier_name: string;
  current_status: string;
  shipment_id: number;
  order_id: number;
  origin: string;
  destination: string;
  edd: string | null;
  pickup_date: string | null;
  delivered_date: string | null;
}

export type TrackingData =
  | {
      track_status: 0;
      error: string;
    }
  | {
      track_status: 1;
      /** Shiprocket's status id of the shipment. */
      shipment_status: number;
      shipment_track: ShipmentTrack[];
      /** Newest first. */
      shipment_track_activities: TrackingActivity[];
      track_url: string;
      etd: string | null;
    };

export interface TrackingReply {
  tracking_data: TrackingData;
}

/** One order as `GET /orders?search=` lists it (shape unconfirmed beyond these fields). */
export interface ListedOrder {
  id: number;
  channel_order_id: string;
  status: string;
  status_code: number;
  shipments: {
    id: number;
    awb: string | null;
    courier: string | null;
    pickup_scheduled_date: string | null;
  }[];
}

export interface OrderListReply {
  data: ListedOrder[];
}

/** The tracking webhook's body (docs/architecture.md#shiprocket); unknown fields may come too. */
export interface TrackingWebhookPayload {
  awb: string;
  courier_name: string;
  current_status: string;
  current_status_id: number;
  shipment_status: string;
  shipment_status_id: number;
  /** "dd mm yyyy hh:mm:ss", Indian time. */
  current_timestamp: string;
  /** Ours. */
  order_id: string;
  sr_order_id: number;
  /** "yyyy-mm-dd hh:mm:ss", Indian time. */
  etd: string | null;
  /** Oldest first. */
  scans: TrackingActivity[];
  is_return: 0 | 1;
}

/** One item of a return order: what the shopper hands back, at the value it was sold for. */
export interface ReturnOrderItem {
  name: string;
  sku: string;
  units: number;
  /** Rupees a unit, what the shopper paid. */
  selling_price: number;
  discount?: number;
  hsn?: string | number;
  /** Ask the courier to check the item at the doorstep (only couriers that offer it take such a return). */
  qc_enable?: boolean;
  /** Shiprocket's reason text ("Item is damaged", "Received wrong item"...); optional in the published table. */
  return_reason?: string;
}

/**
 * `POST /orders/create/return` (docs/architecture.md#shiprocket-returns): the courier collects at the pickup_*
 * address (the shopper's) and delivers to the shipping_* address (the brand's).
 */
export interface ReturnOrderInput {
  /** Ours, at most 50 characters, never reused; never an order's own id (see `returnOrderId`). */
  order_id: string;
  /** "yyyy-mm-dd hh:mm" in Indian time. */
  order_date: string;
  channel_id?: number;
  pickup_customer_name: string;
  pickup_last_name?: string;
  pickup_address: string;
  pickup_address_2?: string;
  pickup_city: string;
  pickup_state: string;
  pickup_country: string;
  pickup_pincode: string;
  pickup_email: string;
  pickup_phone: string;
  shipping_customer_name: string;
  shipping_last_name?: string;
  shipping_address: string;
  shipping_address_2?: string;
  shipping_city: string;
  shipping_state: string;
  shipping_country: string;
  shipping_pincode: string;
  shipping_email?: string;
  shipping_phone: string;
  order_items: ReturnOrderItem[];
  /** Always prepaid: nobody pays the courier on a return. */
  payment_method: 'PREPAID';
  /** Rupees: the items' value. */
  sub_total: number;
  length: number;
  breadth: number;
  height: number;
  weight: number;
}

/** Shiprocket's published sample: `{order_id, shipment_id, status: "RETURN PENDING", status_code: 21, company_name}`. */
export interface ReturnOrderReply {
  order_id: number;
  shipment_id: number;
  status: string;
  status_code: number;
  company_name?: string;
}

/** One return order as `GET /orders/processing/return` lists it (the fields we read). */
export interface ListedReturnOrder {
  id: number;
  channel_order_id: string;
  status: string;
  status_code: number;
  shipment_id: number;
  shipments: { awb: string | null; courier: string | null }[];
}

export interface ReturnOrderListReply {
  data: ListedReturnOrder[];
  meta?: { pagination?: { total_pages?: number; current_page?: number } };
}
