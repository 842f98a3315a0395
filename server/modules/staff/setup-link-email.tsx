import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';

// Inline styles only: phone mail apps ignore style sheets (docs/product.md#order-messages).
const page = { backgroundColor: '#f6f1ea', fontFamily: 'Helvetica, Arial, sans-serif', color: '#2b2118' };
const card = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '24px' };
const button = {
  backgroundColor: '#7a4b2a',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  fontSize: '15px',
};

export interface SetupLinkEmail {
  name: string;
  invitedBy: string;
  role: string;
  link: string;
}

export const SETUP_EMAIL_SUBJECT = 'Your Ottoman Mittens console account';

export function setupLinkEmailText(email: SetupLinkEmail): string {
  return [
    `Hello ${email.name},`,
    `${email.invitedBy} has invited you to the Ottoman Mittens console as ${email.role}.`,
    `Set up your account (choose a password and an authenticator app) within 24 hours: ${email.link}`,
    'The link works once. If you did not expect this, ignore this e-mail.',
  ].join('\n\n');
}

function SetupEmail({ email }: { email: SetupLinkEmail }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{SETUP_EMAIL_SUBJECT}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 16px' }}>
            Ottoman Mittens
          </Heading>
          <Text>{`Hello ${email.name},`}</Text>
          <Text>{`${email.invitedBy} has invited you to the Ottoman Mittens console as ${email.role}.`}</Text>
          <Text>Choose a password and set up an authenticator app within 24 hours; the link works once.</Text>
          <Section style={{ margin: '20px 0' }}>
            <Button href={email.link} style={button}>
              Set up your account
            </Button>
          </Section>
          <Text>If you did not expect this, ignore this e-mail.</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function renderSetupLinkEmailHtml(email: SetupLinkEmail): Promise<string> {
  return render(<SetupEmail email={email} />);
}
