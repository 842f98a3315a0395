import { type StaffMember, type StaffRole, staffRoles } from '../../../../contracts/staff';
import { Button } from '../../../components/button';
import { ScrollingRegion } from '../../../components/scrolling-region';
import { StatusMessage } from '../../../components/status-message';
import { useChangeStaffRole } from '../api/change-staff-role';
import { useDisableStaff } from '../api/disable-staff';
import { useStaffList } from '../api/get-staff';

const statusLabel: Record<StaffMember['status'], string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

/** Every member of staff, with an owner's actions; one's own row has none. */
export function StaffTable({ selfId, onDone }: { selfId: string; onDone: (message: string) => void }) {
  const list = useStaffList();
  const changeRole = useChangeStaffRole();
  const disable = useDisableStaff();

  if (list.isPending) return <p role="status">Loading staff…</p>;
  if (list.isError) return <StatusMessage status={{ kind: 'error', text: list.error.message }} />;
  const failure = changeRole.error ?? disable.error;

  return (
    <>
      <StatusMessage status={failure ? { kind: 'error', text: failure.message } : null} />
      <ScrollingRegion className="admin-table-wrap" label="Staff, scrolls sideways">
        <table className="admin-table">
          <caption className="visually-hidden">Staff</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.data.staff.map((member) => {
              const editable = member.id !== selfId && member.status !== 'disabled';
              return (
                <tr key={member.id}>
                  <td data-label="Name">{member.name}</td>
                  <td data-label="E-mail">{member.email}</td>
                  <td data-label="Role">
                    {editable ? (
                      <select
                        className="form-field__control"
                        aria-label={`Role of ${member.name}`}
                        value={member.role}
                        onChange={(event) =>
                          changeRole.mutate(
                            { id: member.id, role: event.target.value as StaffRole },
                            { onSuccess: (reply) => onDone(reply.message) },
                          )
                        }
                      >
                        {staffRoles.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </select>
                    ) : (
                      member.role
                    )}
                  </td>
                  <td data-label="Status">{statusLabel[member.status]}</td>
                  <td data-label="Actions">
                    {editable && (
                      <Button
                        variant="secondary"
                        onClick={() => {
                          if (window.confirm(`Remove ${member.name}'s access to the console?`)) {
                            disable.mutate(member.id, { onSuccess: (reply) => onDone(reply.message) });
                          }
                        }}
                      >
                        Disable {member.name}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollingRegion>
    </>
  );
}
