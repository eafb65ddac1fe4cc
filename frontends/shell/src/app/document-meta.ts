/**
 * The page's `<meta name="description">`, in the visit's language, following the route: what search
 * engines and link previews show under the title. The shell owns it for every screen, the remotes'
 * included, so it is chosen by path.
 */
import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation } from 'react-router-dom';

/** Path prefixes, most specific first; `/` alone is the home page. */
const DESCRIPTIONS: readonly (readonly [prefix: string, message: MessageDescriptor])[] = [
  ['/decisions/proposals', { id: 'meta.description.proposals' }],
  ['/decisions/voting-on-proposals', { id: 'meta.description.voting' }],
  ['/decisions/creations', { id: 'meta.description.drafting' }],
  ['/decisions/final-vote', { id: 'meta.description.finalVote' }],
  ['/decisions', { id: 'meta.description.decisions' }],
  ['/kanban', { id: 'meta.description.kanban' }],
  ['/archive/', { id: 'meta.description.archivedLaw' }],
  ['/archive', { id: 'meta.description.archive' }],
  ['/elections', { id: 'meta.description.elections' }],
  ['/about', { id: 'meta.description.about' }],
  ['/help', { id: 'meta.description.help' }],
  ['/legal', { id: 'meta.description.legal' }],
];
const HOME: MessageDescriptor = { id: 'meta.description.home' };
const OTHER: MessageDescriptor = { id: 'meta.description.other' };

/** The description's message for a path. */
export function descriptionOf(pathname: string): MessageDescriptor {
  if (pathname === '/' || pathname === '') return HOME;
  for (const [prefix, message] of DESCRIPTIONS) {
    if (prefix.endsWith('/') ? pathname.startsWith(prefix) && pathname.length > prefix.length : pathname === prefix || pathname.startsWith(`${prefix}/`)) {
      return message;
    }
  }
  return OTHER;
}

/** Writes `text` into the page's description, adding the tag when the page has none. */
export function setDescription(text: string, doc: Document = document): void {
  let tag = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = doc.createElement('meta');
    tag.name = 'description';
    doc.head.append(tag);
  }
  tag.content = text;
}

/** Keeps the description in step with the route and the language; renders nothing. */
export function DocumentMeta(): null {
  const intl = useIntl();
  const { pathname } = useLocation();
  const text = intl.formatMessage(descriptionOf(pathname));
  useEffect(() => setDescription(text), [text]);
  return null;
}
