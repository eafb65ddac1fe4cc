/**
 * The drafting workspace's styles: a document being written (title, sections, numbered articles
 * with their amendments beside them once the text column is wide enough), built on the design
 * tokens. React 19 hoists the element into <head> once.
 */
const css = `
.drafting-doc{container-type:inline-size;display:flex;flex-direction:column;gap:var(--ui-space-5);min-width:0}
.drafting-doc__head{display:flex;flex-direction:column;gap:var(--ui-space-2);padding-bottom:var(--ui-space-4);border-bottom:1px solid var(--ui-color-border)}
.drafting-doc__title{margin:0;font-size:var(--ui-font-size-2xl);line-height:1.2;overflow-wrap:anywhere}
.drafting-doc__description{margin:0;font-size:var(--ui-font-size-lg);line-height:1.6;white-space:pre-line;overflow-wrap:anywhere}
.drafting-doc__meta{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2);margin:0;font-size:var(--ui-font-size-sm);color:var(--ui-color-muted)}
.drafting-bar{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2)}
.drafting-section{display:flex;flex-direction:column;gap:var(--ui-space-3);min-width:0}
.drafting-section__head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--ui-space-2);padding-bottom:var(--ui-space-2);border-bottom:2px solid var(--ui-color-border)}
.drafting-section__name{display:flex;flex-wrap:wrap;align-items:baseline;gap:var(--ui-space-2)}
.drafting-section__title{margin:0;font-size:var(--ui-font-size-xl);overflow-wrap:anywhere}
.drafting-articles{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--ui-space-4)}
.drafting-articles > li{position:relative;border-radius:var(--ui-radius-md);background:var(--ui-color-bg)}
.drafting-articles > li[data-dragging]{z-index:2;box-shadow:var(--ui-shadow-2)}
.drafting-article{display:flex;flex-direction:column;gap:var(--ui-space-3);min-width:0}
.drafting-article--main{padding:var(--ui-space-3) 0 var(--ui-space-4);border-bottom:1px solid var(--ui-color-border)}
.drafting-article__body{display:flex;flex-direction:column;gap:var(--ui-space-2);min-width:0}
.drafting-article__head{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2)}
.drafting-article__title{margin:0;font-size:var(--ui-font-size-md);text-transform:uppercase;letter-spacing:.04em;color:var(--ui-color-muted);overflow-wrap:anywhere}
.drafting-article__tools{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2);margin-inline-start:auto}
.drafting-article__tools:empty{display:none}
.drafting-article__text{margin:0;font-size:var(--ui-font-size-lg);line-height:1.65;white-space:pre-line;overflow-wrap:anywhere}
.drafting-article__by{margin:0;display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2);font-size:var(--ui-font-size-sm);color:var(--ui-color-muted)}
.drafting-article--pinned > .drafting-article__body{border-inline-start:4px solid var(--ui-color-accent);padding-inline-start:var(--ui-space-3)}
.drafting-handle{cursor:grab;touch-action:none;color:var(--ui-color-muted);padding-inline:var(--ui-space-2);min-width:var(--ui-touch)}
.drafting-handle:active{cursor:grabbing}
.drafting-handle svg{width:1.25rem;height:1.25rem}
.drafting-amendments{display:flex;flex-direction:column;gap:var(--ui-space-3);padding:var(--ui-space-3);border-radius:var(--ui-radius-md);background:var(--ui-color-surface-2);min-width:0}
.drafting-amendments__title{margin:0;font-size:var(--ui-font-size-sm);text-transform:uppercase;letter-spacing:.04em;color:var(--ui-color-muted)}
.drafting-amendments__list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--ui-space-3)}
.drafting-article--amendment{padding:var(--ui-space-3);border-radius:var(--ui-radius-sm);background:var(--ui-color-surface);border:1px solid var(--ui-color-border)}
.drafting-article--amendment .drafting-article__title{text-transform:none;letter-spacing:0;color:var(--ui-color-text);font-size:var(--ui-font-size-sm)}
.drafting-article--amendment .drafting-article__text{font-size:var(--ui-font-size-md)}
.drafting-sources{display:flex;flex-direction:column;gap:var(--ui-space-1);font-size:var(--ui-font-size-sm);color:var(--ui-color-muted)}
.drafting-sources .decisions-sources__title{font-size:var(--ui-font-size-xs);text-transform:uppercase;letter-spacing:.04em;margin:0}
.drafting-sources .decisions-sources__list{margin:0;padding-inline-start:var(--ui-space-4)}
.drafting-source{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-1) var(--ui-space-2)}
.drafting-source .decisions-apa{color:var(--ui-color-text)}
.drafting-doc__more{margin:0}
.drafting-add{display:flex;flex-direction:column;gap:var(--ui-space-3);padding-top:var(--ui-space-4);border-top:1px solid var(--ui-color-border)}
.drafting-add__title{margin:0;font-size:var(--ui-font-size-lg)}
.drafting-add__hint{margin:0;color:var(--ui-color-muted)}
.drafting-doc .decisions-form textarea,.drafting-doc .decisions-form input,.drafting-doc .decisions-form select{max-width:100%}
@container (min-width: 44rem){
  .drafting-article--main.drafting-article--with-side{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);align-items:start;column-gap:var(--ui-space-5)}
}
@media (prefers-reduced-motion: reduce){
  .drafting-articles > li{transition:none !important}
}
`;

export function DraftingStyles() {
  return (
    <style href="civic-drafting" precedence="default">
      {css}
    </style>
  );
}
