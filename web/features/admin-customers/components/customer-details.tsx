import type { ReactNode } from 'react';
import type { AdminCustomerDetail } from '../../../../contracts/admin-customers';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime, formatPaise, formatPhone, humanise } from '../../../lib/console-format';
import { Link } from '../../../lib/router';

type Detail = AdminCustomerDetail;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function CustomerProfile({ customer }: { customer: Detail }) {
  const address = customer.address;
  return (
    <Section id="customer-profile" title="Profile">
      <dl className="admin-details">
        <dt>Name</dt>
        <dd>{customer.name || 'No name given'}</dd>
        <dt>E-mail</dt>
        <dd>
          {customer.email ?? 'None'}
          {customer.email && ` (${customer.emailVerified ? 'verified' : 'not verified'})`}
        </dd>
        <dt>Phone</dt>
        <dd>
          {formatPhone(customer.phone)}
          {customer.phone && ` (${customer.phoneVerified ? 'verified' : 'not verified'})`}
        </dd>
        <dt>Address</dt>
        <dd>
          {address
            ? [
                address.houseName,
                address.streetArea,
                address.city,
                address.state,
                address.pincode,
                address.country,
              ]
                .filter((part) => part.trim() !== '')
                .join(', ')
            : 'No address on file'}
        </dd>
        <dt>Joined</dt>
        <dd>{formatIstDateTime(customer.joinedAt)}</dd>
        <dt>Orders</dt>
        <dd>
          {customer.ordersCount}, paid {formatPaise(customer.paidTotalPaise)}
        </dd>
      </dl>
    </Section>
  );
}

export function CustomerSignInMethods({ methods }: { methods: Detail['signInMethods'] }) {
  return (
    <Section id="customer-methods" title="Sign-in methods">
      <dl className="admin-details">
        <dt>Password</dt>
        <dd>{yesNo(methods.password)}</dd>
        <dt>Google</dt>
        <dd>{yesNo(methods.google)}</dd>
        <dt>Code by SMS</dt>
        <dd>{yesNo(methods.phoneCode)}</dd>
        <dt>Code by e-mail</dt>
        <dd>{yesNo(methods.emailCode)}</dd>
      </dl>
    </Section>
  );
}

export function CustomerSessions({ sessions }: { sessions: Detail['sessions'] }) {
  return (
    <Section id="customer-sessions" title="Signed-in devices">
      {sessions.length === 0 && <p>Not signed in anywhere.</p>}
      {sessions.length > 0 && (
        <ul className="admin-order-cards" aria-labelledby="customer-sessions">
          {sessions.map((session) => (
            <li key={session.id} className="admin-order-card">
              <dl className="admin-details">
                <dt>Device</dt>
                <dd title={session.userAgent ?? undefined}>{session.device}</dd>
                <dt>IP address</dt>
                <dd>{session.ipAddress ?? 'Unknown'}</dd>
                <dt>Signed in</dt>
                <dd>{formatIstDateTime(session.createdAt)}</dd>
                <dt>Expires</dt>
                <dd>{formatIstDateTime(session.expiresAt)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function CustomerOrders({ orders }: { orders: Detail['orders'] }) {
  return (
    <Section id="customer-orders" title="Orders">
      {orders.length === 0 && <p>No orders yet.</p>}
      {orders.length > 0 && (
        <ul className="admin-order-cards" aria-labelledby="customer-orders">
          {orders.map((order) => (
            <li key={order.orderId} className="admin-order-card">
              <h3 className="admin-order-card__title">
                <Link to={adminPaths.order(order.orderId)}>Order {order.orderNumber}</Link>
              </h3>
              <dl className="admin-details">
                <dt>Placed</dt>
                <dd>{formatIstDateTime(order.createdAt)}</dd>
                <dt>Status</dt>
                <dd>{humanise(order.status)}</dd>
                <dt>Payment</dt>
                <dd>{humanise(order.paymentStatus)}</dd>
                <dt>Total</dt>
                <dd>{formatPaise(order.totalPaise)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
