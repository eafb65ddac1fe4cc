/**
 * The body of a one-click unsubscribe (RFC 8058): the mail client posts the pair its
 * List-Unsubscribe-Post header names, `List-Unsubscribe=One-Click`, as a form, urlencoded or multipart.
 * Only the fields are read here, as text; what they must hold is the route's schema.
 */

/** The most a one-click body may weigh: one short field, with a multipart envelope. */
export const ONE_CLICK_BODY_LIMIT = 2048;

export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;

const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i;
const FIELD_NAME = /^content-disposition:\s*form-data;(?:.*;)?\s*name="([^"]*)"/im;

/** A form's fields (the first value of each name), or null when the body is not the form its type says. */
export function formFields(contentType: string, body: string): Record<string, string> | null {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    const fields = Object.create(null) as Record<string, string>;
    for (const [name, value] of new URLSearchParams(body)) if (!Object.hasOwn(fields, name)) fields[name] = value;
    return fields;
  }
  if (type !== 'multipart/form-data') return null;
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const fields = Object.create(null) as Record<string, string>;
  const parts = body.split(`--${boundary}`);
  // Before the first boundary is a preamble; after the last (`--`) an epilogue.
  for (const part of parts.slice(1)) {
    if (part.startsWith('--')) break;
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) return null;
    const name = FIELD_NAME.exec(part.slice(0, headerEnd))?.[1];
    if (name === undefined) return null;
    const value = part.slice(headerEnd + 4).replace(/\r\n$/, '');
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}
