import { digestMail, type DigestMail } from '../src/mail/templates.js';

const mail = (overrides: Partial<DigestMail> = {}): DigestMail => ({
  userName: 'Ana <b>',
  period: 'daily',
  items: [
    { messageKey: 'followedEdited', params: { title: 'Bus & "trains"' }, link: '/decisions/history/article/a1' },
    { messageKey: 'followedSelected', params: { title: 'Parks', rank: 2 }, link: '/decisions/creations' },
    { messageKey: 'followedAdopted', params: { title: 'Solar', seal: '' }, link: '/archive/l1' },
  ],
  more: 0,
  publicUrl: 'https://civic.example.org/',
  unsubscribeUrl: 'https://civic.example.org/unsubscribe?token=u.s',
  ...overrides,
});

describe('the digest mail', () => {
  it('words each item in English, links it to the site and escapes the HTML', () => {
    const content = digestMail('en', mail());
    expect(content.subject).toBe('Your daily digest: 3 updates');
    expect(content.text).toContain('- A text you follow was edited: “Bus & "trains"”.\n  https://civic.example.org/decisions/history/article/a1');
    expect(content.text).toContain('The proposal “Parks” you follow was selected (rank 2): it becomes a law to write.');
    // No seal (a law sealed without history): no empty parentheses.
    expect(content.text).toContain('The law “Solar” you follow was adopted.');
    expect(content.text).not.toContain('more update');
    expect(content.text).toContain('Stop these digest mails: https://civic.example.org/unsubscribe?token=u.s');
    expect(content.html).toContain('<p>Hello Ana &#60;b&#62;,</p>');
    expect(content.html).toContain('“Bus &#38; &#34;trains&#34;”');
    expect(content.html).toContain('<a href="https://civic.example.org/unsubscribe?token=u.s">Stop these digest mails</a>');
  });

  it('words it in French with its typography, a weekly subject and the count of what was left out', () => {
    const content = digestMail('fr', mail({ period: 'weekly', items: [mail().items[0]!], more: 1 }));
    expect(content.subject).toBe('Votre résumé hebdomadaire\u202f: 2 nouveautés');
    expect(content.text).toContain('Un texte que vous suivez a été modifié\u202f: «\u202fBus & "trains"\u202f».');
    expect(content.text).toContain('Et 1 autre nouveauté sur le site.');
    expect(digestMail('fr', mail({ items: [mail().items[0]!] })).subject).toBe('Votre résumé quotidien\u202f: 1 nouveauté');
  });

  it('gives the closing date of a final vote in Paris time, in the reader’s language', () => {
    const closing = { messageKey: 'followedFinalVoteClosing', params: { title: 'Solar', endsAt: '2026-11-28T18:00:00.000Z' }, link: '/decisions/final-vote' };
    expect(digestMail('en', mail({ items: [closing] })).text).toContain('closes on 28 November 2026 at 19:00 (Paris time)');
    expect(digestMail('fr', mail({ items: [closing] })).text).toContain('se termine le 28 novembre 2026 à 19:00 (heure de Paris)');
  });
});
