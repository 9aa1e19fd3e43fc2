/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { styles } from './mail-styles.js';

export interface MailLayoutProps {
  siteName: string;
  /** The line clients show next to the subject in the inbox. */
  preview: string;
  heading: string;
  children: ReactNode;
  /** Why the mail came and what the reader can do about it (below a rule). */
  footer?: ReactNode;
}

/** The frame every mail shares: the site's name, a heading, the content, a footer. */
export function MailLayout({ siteName, preview, heading, children, footer }: MailLayoutProps) {
  return (
    <Html lang="sv">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{siteName}</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          <Hr style={styles.hr} />
          {footer}
          <Text style={styles.small}>{siteName}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The one thing a mail asks the reader to do, as a button. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={styles.buttonRow}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

export function SmallPrint({ children }: { children: ReactNode }) {
  return <Text style={styles.small}>{children}</Text>;
}
