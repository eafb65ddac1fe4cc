/**
 * Reading the mails the platform sent, from the stack's mail catcher (scripts/mail-catcher.mjs): an
 * HTTP page lists every mail (date, recipient, subject, link to `/<file>`) and `/<file>` answers the
 * raw message. Enough MIME to read nodemailer's output: multipart, quoted-printable, base64.
 */

export interface MailPart {
  contentType: string;
  text: string;
}

export interface Mail {
  file: string;
  subject: string;
  parts: MailPart[];
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): Buffer {
  const unfolded = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i += 1) {
    const char = unfolded[i]!;
    const hex = unfolded.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The leaf parts of a raw message, decoded. */
export function parseMail(raw: string): { subject: string; parts: MailPart[] } {
  const { headers } = splitHeaders(raw);
  return { subject: headers.get('subject') ?? '', parts: leafParts(raw) };
}

function leafParts(raw: string): MailPart[] {
  const { headers, body } = splitHeaders(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const delimiter = `--${boundary}`;
    return body
      .split(delimiter)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => leafParts(part.replace(/^\r?\n/, '')));
  }
  return [{ contentType: contentType.split(';')[0]!.trim().toLowerCase(), text: decodeBody(body, headers.get('content-transfer-encoding')) }];
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

/** Whether `text` names the address `to` whole: "user-1@x" must not match "chat-user-1@x". */
function namesAddress(text: string, to: string): boolean {
  const escaped = to.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9._%+-])`).test(text.toLowerCase());
}

/** The mails listed by the catcher for `to`, newest first. */
export async function mailsTo(mailUrl: string, to: string): Promise<Mail[]> {
  const page = await (await fetch(mailUrl)).text();
  const files = [...page.matchAll(/<tr>(.*?)<\/tr>/g)]
    .map((row) => row[1]!)
    .filter((row) => namesAddress(unescapeHtml(row), to))
    .map((row) => /href="\/([^"]+)"/.exec(row)?.[1])
    .filter((file): file is string => Boolean(file))
    .map((file) => decodeURIComponent(file));
  return Promise.all(
    files.map(async (file) => {
      const raw = await (await fetch(`${mailUrl.replace(/\/+$/, '')}/${encodeURIComponent(file)}`)).text();
      return { file, ...parseMail(raw) };
    }),
  );
}

/** The first link of a mail whose path is `pathname` (plain-text part first, then HTML). */
export function linkIn(mail: Mail, pathname: string): URL | undefined {
  const ordered = [...mail.parts].sort((a, b) => Number(b.contentType === 'text/plain') - Number(a.contentType === 'text/plain'));
  for (const part of ordered) {
    const text = part.contentType === 'text/html' ? unescapeHtml(part.text) : part.text;
    for (const match of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const url = new URL(match[0].replace(/[).,;]+$/, ''));
      if (url.pathname === pathname) return url;
    }
  }
  return undefined;
}

/**
 * Waits for a mail to `to` holding a link to `pathname` that was not seen before (`seen` collects
 * the files already used), and answers that mail and link.
 */
export async function waitForMailLink(
  mailUrl: string,
  to: string,
  pathname: string,
  { timeoutMs = 15_000, seen = new Set<string>() }: { timeoutMs?: number; seen?: Set<string> } = {},
): Promise<{ mail: Mail; link: URL }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of await mailsTo(mailUrl, to)) {
      if (seen.has(mail.file)) continue;
      const link = linkIn(mail, pathname);
      if (link) {
        seen.add(mail.file);
        return { mail, link };
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link to ${pathname} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
