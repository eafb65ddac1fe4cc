/**
 * A group's articles as a list the creators reorder by drag and drop (pointer or touch on the
 * handle) and by keyboard (Space or Enter on the handle, arrows, Space or Enter to drop, Escape to
 * cancel), with every step told to screen readers in the reader's language (dnd-kit). Readers who
 * may not draft get the same list without handles.
 */
import { useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Active, type Announcements, type DragEndEvent, type Over } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { drafting as m } from './messages.js';

export interface SortableItem {
  id: string;
  /** Its name for the handle and the announcements, e.g. "Article 3". */
  label: string;
}

type Render = (item: SortableItem, handle: ReactNode) => ReactNode;

/** The six dots of a drag handle, drawn (no icon font). */
function GripIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {[6, 10, 14].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" fill="currentColor" />))}
    </svg>
  );
}

function SortableRow({ item, sortable, render }: { item: SortableItem; sortable: boolean; render: Render }) {
  const { formatMessage: t } = useIntl();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !sortable,
    attributes: { roleDescription: t(m.roleDescription) },
  });
  if (!sortable) return <li>{render(item, null)}</li>;
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <button ref={setActivatorNodeRef} type="button" className="ui-button ui-button--quiet drafting-handle" {...attributes} {...listeners} aria-label={t(m.handle, { article: item.label })}>
      <GripIcon />
    </button>
  );
  return (
    <li ref={setNodeRef} style={style} data-dragging={isDragging || undefined}>
      {render(item, handle)}
    </li>
  );
}

/** Where an item sits, 1-based, for the announcements. */
const positionOf = (entry: Active | Over | null) => (entry?.data.current?.sortable?.index ?? 0) + 1;

export function SortableArticles({ items, sortable, onMove, children }: { items: SortableItem[]; sortable: boolean; onMove: (id: string, to: number) => void; children: Render }) {
  const { formatMessage: t } = useIntl();
  const sensors = useSensors(
    // A short pointer move before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labels = useMemo(() => new Map(items.map((item) => [item.id, item.label])), [items]);
  const count = items.length;
  const name = (entry: Active | Over | null) => labels.get(String(entry?.id)) ?? '';
  // Right after the pick-up the article is "over" its own place: that is no move to announce, and
  // saying it would cut the pick-up announcement short.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return t(m.pickedUp, { article: name(active), position: positionOf(active), count });
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !moved.current) return undefined;
      moved.current = true;
      return over ? t(m.over, { article: name(active), position: positionOf(over), count }) : t(m.outside, { article: name(active) });
    },
    onDragEnd: ({ active, over }) => (over ? t(m.dropped, { article: name(active), position: positionOf(over), count }) : t(m.cancelled, { article: name(active), position: positionOf(active) })),
    onDragCancel: ({ active }) => t(m.cancelled, { article: name(active), position: positionOf(active) }),
  };

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = items.findIndex((item) => item.id === over.id);
    if (to >= 0) onMove(String(active.id), to);
  };

  // One tree whether the articles can move or not: a list becoming sortable (a second article added
  // by another creator) keeps its articles mounted, and an editor open in one stays open.
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={drop} accessibility={{ announcements, screenReaderInstructions: { draggable: t(m.instructions) } }}>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className="drafting-articles">
          {items.map((item) => (
            <SortableRow key={item.id} item={item} sortable={sortable} render={children} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
