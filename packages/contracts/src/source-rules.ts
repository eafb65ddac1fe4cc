/**
 * The two checks of a source's fields that the form makes before sending and the decisions service
 * makes again (docs/product.md#sources): one rule, in one place, for both.
 */

/** An address the service takes: http or https, a host with a dot, no space. */
export function validUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const PAGES = /^(\d{1,6})(?:-(\d{1,6}))?$/;

/** A page or a range of pages: 55 or 55-75, from page 1, the range not backwards. */
export function validPages(value: string): boolean {
  const match = PAGES.exec(value);
  if (!match) return false;
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  return from >= 1 && to >= from;
}
