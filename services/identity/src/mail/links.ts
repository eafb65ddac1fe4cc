/** The screens of the front end that mail links open, each reading `?token=`. */
export type LinkScreen = 'verify-account' | 'password' | 'change-email' | 'change-email/undo';

/** A link of a mail: `${publicUrl}/${screen}?token=...`. */
export function mailLink(publicUrl: string, screen: LinkScreen, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/${screen}?token=${encodeURIComponent(token)}`;
}
