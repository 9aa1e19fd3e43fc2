import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.js';

describe('mailboxOf (the mail budget key)', () => {
  it.each([
    ['victim@example.se', 'victim@example.se'],
    [' Victim@Example.SE ', 'victim@example.se'],
    ['victim+1@example.se', 'victim@example.se'],
    ['victim+jobb+2@example.se', 'victim@example.se'],
    ['Vic.Tim@gmail.com', 'victim@gmail.com'],
    ['v.i.c.t.i.m+x@googlemail.com', 'victim@gmail.com'],
  ])('%j is the mailbox %j', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it('keeps dots and hyphens where they may tell two people apart', () => {
    expect(mailboxOf('anna.berg@example.se')).not.toBe(mailboxOf('annaberg@example.se'));
    expect(mailboxOf('anna-karin@example.se')).toBe('anna-karin@example.se');
  });
});
