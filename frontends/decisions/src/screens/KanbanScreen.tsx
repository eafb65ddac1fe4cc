import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useShell } from '../RemoteFrame.js';

/** The boards of ARCHITECTURE section 8: /kanban/proposals and /kanban/laws. */
const boards = {
  proposals: {
    title: { id: 'decisions.kanban.proposals.title' },
    intro: { id: 'decisions.kanban.proposals.intro' },
  },
  laws: {
    title: { id: 'decisions.kanban.laws.title' },
    intro: { id: 'decisions.kanban.laws.intro' },
  },
} as const;

function isBoard(type: string | undefined): type is keyof typeof boards {
  return type === 'proposals' || type === 'laws';
}

/** /kanban/:type: a board by type; an unknown type is a 404. */
export function KanbanScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts, NotFound } = useShell();
  const { type } = useParams();
  if (!isBoard(type)) return <NotFound />;
  const board = boards[type];
  return <layouts.default title={t(board.title)} intro={t(board.intro)} />;
}
