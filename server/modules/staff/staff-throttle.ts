import { failureCounter } from '../challenge/failure-counter';

// docs/architecture.md#staff: past these failed console sign-ins (password or code) in 15 minutes on the
// account, or from the IP, a sign-in also needs the bot challenge. Nobody is locked out: failures from many
// IPs must not keep the owner out of the console.
export const staffFailures = failureCounter('staff-login:', { account: 5, ip: 20 });
