import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { nextIndex } from './keys.js';

/** The element ids a tab and its panel share; tab keys are unique on a page. */
export const tabId = (key: string) => `ui-tab-${key.replace(/[^\w-]/g, '_')}`;
export const panelId = (key: string) => `ui-tabpanel-${key.replace(/[^\w-]/g, '_')}`;

export interface TabItem {
  key: string;
  label: string;
  badge?: number | string;
}

/**
 * A tab list: only the selected tab is in the Tab order, the arrow keys (and Home, End) move to and
 * select another. The caller renders each panel with TabPanel.
 */
export function Tabs({ label, tabs, selected, onSelect }: { label: string; tabs: TabItem[]; selected: string; onSelect: (key: string) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.key === selected);
    const next = nextIndex(event.key, current, tabs.length, 'horizontal');
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="ui-tabs" role="tablist" aria-label={label} onKeyDown={onKey}>
      {tabs.map((tab, index) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-controls={panelId(tab.key)}
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            className="ui-tabs__tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
            {tab.badge !== undefined && tab.badge !== '' ? <span className="ui-badge ui-badge--accent ui-tabs__badge">{tab.badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

/**
 * One tab's panel. `selected` is either the selected tab's key or whether this panel's tab is
 * selected; an unselected panel stays mounted, hidden.
 */
export function TabPanel({ tabKey, selected, children }: { tabKey: string; selected: string | boolean; children: ReactNode }) {
  const shown = typeof selected === 'boolean' ? selected : selected === tabKey;
  return (
    <div className="ui-tabpanel" role="tabpanel" id={panelId(tabKey)} aria-labelledby={tabId(tabKey)} hidden={!shown} tabIndex={0}>
      {children}
    </div>
  );
}
