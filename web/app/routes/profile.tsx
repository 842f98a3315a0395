import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ProfileUpdate } from '../../../contracts/auth';
import { Button } from '../../components/button';
import { SignedInDevices } from '../../features/account/components/signed-in-devices';
import { WaysToLogIn } from '../../features/account/components/ways-to-log-in';
import { WhatsAppUpdates } from '../../features/account/components/whatsapp-updates';
import { YourData } from '../../features/account/components/your-data';
import { profileQueryOptions } from '../../features/auth/api/get-profile';
import { PhoneVerification } from '../../features/auth/components/phone-verification';
import { useLogOut } from '../../features/auth/hooks/use-log-out';
import { refreshSessionProfile, signOutLocally } from '../../features/auth/local-session';
import { updateProfile } from '../../features/profile/api/update-profile';
import { ProfileCard } from '../../features/profile/components/profile-card';
import { ReminderSwitch } from '../../features/winback/components/reminder-switch';
import { paths } from '../../lib/paths';
import { useSearchParams } from '../../lib/router';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useWhatsAppOffered } from '../../lib/use-return-window';
import { useLoginPrompt } from '../shop-state/login-prompt';
import { ReminderLinkPage } from './reminder-link';

const loadFailedMessage = 'Failed to fetch user data.';

export function ProfileRoute() {
  const [search] = useSearchParams();
  const resume = search.get('resume');
  const optOut = search.get('opt-out');
  if (resume) return <ReminderLinkPage action="resume" token={resume} />;
  if (optOut) return <ReminderLinkPage action="opt-out" token={optOut} />;
  return <ProfilePage />;
}

function ProfilePage() {
  useDocumentTitle('My Profile');
  const signedIn = useSessionUser() !== null;
  const whatsappOffered = useWhatsAppOffered();
  const queryClient = useQueryClient();
  const profile = useQuery({ ...profileQueryOptions, enabled: signedIn });
  const logOut = useLogOut();
  const { openLogin } = useLoginPrompt();
  // Signed out everywhere, or the account deleted: the page says so instead of asking to log in.
  const [farewell, setFarewell] = useState<string | null>(null);
  const farewellHeading = useRef<HTMLHeadingElement>(null);

  // The farewell replaces a long page the shopper had scrolled down: it is brought into view and focused.
  useEffect(() => {
    if (farewell) farewellHeading.current?.focus();
  }, [farewell]);

  function signedOutWith(message: string) {
    setFarewell(message);
    signOutLocally(queryClient);
  }

  if (farewell) {
    return (
      <div className="message-page" role="status">
        <h1 ref={farewellHeading} tabIndex={-1}>
          Signed out
        </h1>
        <p>{farewell}</p>
        <Button onClick={() => openLogin({ mode: 'login' })}>Login</Button>
      </div>
    );
  }

  if (!signedIn) {
    return (
      <div className="message-page">
        <h1>My Profile</h1>
        <p>Please log in to view this page.</p>
        <Button onClick={() => openLogin({ mode: 'login' })}>Login</Button>
      </div>
    );
  }

  if (profile.data) {
    // docs/product.md#behaviour Profile form: save, then read the profile again (which also refreshes the header).
    const refresh = async () => {
      await refreshSessionProfile(queryClient);
    };
    const save = async (update: ProfileUpdate) => {
      await updateProfile(update);
      await refresh();
    };
    return (
      <div className="container page profile-page">
        <ProfileCard
          user={profile.data}
          onSave={save}
          onLogout={() => void logOut(paths.login)}
          renderPhoneVerification={(slot) => <PhoneVerification {...slot} />}
        />
        <WaysToLogIn
          user={profile.data}
          onChanged={refresh}
          renderPhoneVerification={(phone, onVerified) => (
            <PhoneVerification
              key={phone}
              phone={phone}
              onVerified={({ verificationToken }) => onVerified(verificationToken)}
            />
          )}
          onPhoneVerified={(phone, verificationToken) =>
            save({ phone, phoneVerificationToken: verificationToken })
          }
        />
        <ReminderSwitch />
        {whatsappOffered && <WhatsAppUpdates />}
        <SignedInDevices onSignedOut={signedOutWith} />
        <YourData onDeleted={signedOutWith} />
      </div>
    );
  }

  if (profile.isError) {
    return (
      <div className="message-page" role="alert">
        <h1>My Profile</h1>
        <p className="error-text">{profile.error.message || loadFailedMessage}</p>
        <Button onClick={() => profile.refetch()}>Try again</Button>
      </div>
    );
  }

  return (
    <p className="status-text page" role="status">
      Loading...
    </p>
  );
}
