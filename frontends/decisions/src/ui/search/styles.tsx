/**
 * The search's styles: the similar panel beside the proposal form once there is room for both
 * (below it otherwise), and the proposals list's search bar. React 19 hoists the element into <head> once.
 */
const css = `
.search-compose{display:grid;gap:var(--ui-space-4);grid-template-columns:minmax(0,1fr)}
@media (min-width:64rem){.search-compose{grid-template-columns:minmax(0,2fr) minmax(14rem,1fr);align-items:start}}
.search-similar{border:1px solid var(--ui-color-border);border-radius:var(--ui-radius-md);padding:var(--ui-space-3);background:var(--ui-color-surface);min-width:0}
.search-similar__title{margin:0 0 var(--ui-space-2);font-size:var(--ui-font-size-md)}
.search-similar__group{margin:var(--ui-space-3) 0 var(--ui-space-1);font-size:var(--ui-font-size-sm)}
.search-similar__list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--ui-space-2)}
.search-similar__list a{overflow-wrap:anywhere}
.search-similar__meta{display:block;color:var(--ui-color-muted);font-size:var(--ui-font-size-xs)}
.search-bar{display:flex;flex-wrap:wrap;gap:var(--ui-space-3);align-items:end}
.search-bar .field{margin:0;min-width:min(16rem,100%)}
.search-bar input[type=search]{font:inherit;padding:var(--ui-space-2) var(--ui-space-3);border:1px solid var(--ui-color-border-strong);border-radius:var(--ui-radius-md);background:var(--ui-color-surface);color:var(--ui-color-text);width:100%}
`;

export function SearchStyles() {
  return (
    <style href="civic-search" precedence="default">
      {css}
    </style>
  );
}
