import { newOrderEmailLabels } from '../../../../contracts/staff-alerts';
import { ScrollingRegion } from '../../../components/scrolling-region';
import { StatusMessage } from '../../../components/status-message';
import { useStaffAlerts } from '../api/get-staff-alerts';

const devicesText = (count: number) =>
  count === 0 ? 'None' : `${count} ${count === 1 ? 'device' : 'devices'}`;

/** docs/product.md#staff-alerts: who hears of new orders, and how; each member chooses on their Alerts page. */
export function StaffAlertsTable() {
  const list = useStaffAlerts();
  return (
    <section aria-labelledby="staff-alerts-heading">
      <h2 id="staff-alerts-heading" className="admin-subheading">
        Alerts
      </h2>
      <p className="admin-muted">Each member chooses their own on the Alerts page.</p>
      {list.isPending && <p role="status">Loading alerts…</p>}
      {list.isError && <StatusMessage status={{ kind: 'error', text: list.error.message }} />}
      {list.data && (
        <ScrollingRegion className="admin-table-wrap" label="Alerts, scrolls sideways">
          <table className="admin-table">
            <caption className="visually-hidden">Alerts of each member of staff</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">New-order e-mails</th>
                <th scope="col">Notifications on</th>
              </tr>
            </thead>
            <tbody>
              {list.data.staff.map((member) => (
                <tr key={member.staffId}>
                  <td data-label="Name">{member.name}</td>
                  <td data-label="New-order e-mails">{newOrderEmailLabels[member.newOrderEmail]}</td>
                  <td data-label="Notifications on">{devicesText(member.pushDevices)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingRegion>
      )}
    </section>
  );
}
