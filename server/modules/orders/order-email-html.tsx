import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { OrderMessage } from './order-message';

// Inline styles and tables only: phone mail apps ignore style sheets (docs/product.md#order-messages).
const page = { backgroundColor: '#f6f1ea', fontFamily: 'Helvetica, Arial, sans-serif', color: '#2b2118' };
const card = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '24px' };
const small = { fontSize: '14px', lineHeight: '20px', margin: '4px 0' };
const amount = { ...small, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
const button = {
  backgroundColor: '#7a4b2a',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  fontSize: '15px',
};

function OrderEmail({ message }: { message: OrderMessage }) {
  const { details } = message;
  return (
    <Html lang="en" dir="ltr">
      {/* A title and a phone viewport: mail apps that show the HTML as a page read them (docs/product.md#order-messages). */}
      <Head>
        <title>{message.subject}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Body style={page}>
        {/* One main landmark holding everything, the preview line too: a page reader's way in (axe-clean). */}
        <main>
          <Preview>{message.subject}</Preview>
          <Container style={card}>
            <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 16px' }}>
              Ottoman Mittens
            </Heading>
            <Text>{message.greeting}</Text>
            {message.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
            <Hr />
            <Heading as="h2" style={{ fontSize: '17px' }}>
              {`Order ${details.number}`}
            </Heading>
            <Section>
              {[...details.items, ...details.amounts].map((row) => (
                <Row key={row.label}>
                  <Column style={small}>{row.label}</Column>
                  <Column style={amount}>{row.amount}</Column>
                </Row>
              ))}
            </Section>
            <Hr />
            <Text style={{ ...small, fontWeight: 'bold' }}>Delivering to</Text>
            {details.address.map((line) => (
              <Text key={line} style={small}>
                {line}
              </Text>
            ))}
            {details.expectedBy ? <Text>{`Expected by ${details.expectedBy}`}</Text> : null}
            <Section style={{ margin: '20px 0' }}>
              <Button href={details.link} style={button}>
                See your order
              </Button>
            </Section>
          </Container>
        </main>
      </Body>
    </Html>
  );
}

/** The HTML part of an order e-mail, rendered on the server only. */
export function renderOrderEmailHtml(message: OrderMessage): Promise<string> {
  return render(<OrderEmail message={message} />);
}
