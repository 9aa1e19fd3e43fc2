import type { CSSProperties } from 'react';

/**
 * Inline styles of every mail (mail clients drop <style> blocks and class names unevenly; inline
 * styles are what they all read). System fonts, one accent colour, text large enough on a phone.
 */
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ACCENT = '#0b5394';
const MUTED = '#555555';

export const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: FONT, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: '600px',
    margin: '0 auto',
    padding: '24px',
    borderRadius: '6px',
  },
  brand: { fontSize: '14px', fontWeight: 700, color: ACCENT, margin: '0 0 16px' },
  heading: { fontSize: '22px', lineHeight: '28px', color: '#111111', margin: '0 0 16px' },
  text: { fontSize: '16px', lineHeight: '24px', color: '#222222', margin: '0 0 16px' },
  small: { fontSize: '13px', lineHeight: '20px', color: MUTED, margin: '0 0 8px' },
  link: { color: ACCENT, textDecoration: 'underline' },
  button: {
    backgroundColor: ACCENT,
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 700,
    borderRadius: '4px',
    padding: '12px 20px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  buttonRow: { margin: '8px 0 24px' },
  ad: { borderTop: '1px solid #e4e4e7', padding: '12px 0' },
  adTitle: { fontSize: '17px', lineHeight: '24px', fontWeight: 700, margin: '0 0 4px' },
  adLine: { fontSize: '14px', lineHeight: '20px', color: MUTED, margin: '0' },
  hr: { borderColor: '#e4e4e7', margin: '24px 0 16px' },
} satisfies Record<string, CSSProperties>;
