/**
 * The chat's styles on top of the design system (tokens and ui- classes): messages as rows with the
 * reader's own in the accent tint, the composer held at the bottom of the side panel, 44 px targets
 * on touch screens. Hoisted into <head> once by React 19.
 */
const css = `
.chat-panel{display:flex;flex-direction:column;gap:var(--ui-space-3);min-width:0}
.ui-side-layout__body .chat-panel{min-height:100%}
.chat-panel__title{margin:0;font-size:var(--ui-font-size-lg)}
.chat-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--ui-space-2)}
.chat-log{flex:1}
.chat-message{padding:var(--ui-space-2) var(--ui-space-3);border-radius:var(--ui-radius-md);background:var(--ui-color-surface-2);border:1px solid transparent}
.chat-message--own{background:var(--ui-color-accent-soft);border-color:var(--ui-color-border)}
.chat-message--pinned{border-inline-start:4px solid var(--ui-color-accent)}
.chat-message--gone .chat-message__text{font-style:italic;color:var(--ui-color-muted)}
.chat-message__meta{margin:0 0 var(--ui-space-1);font-size:var(--ui-font-size-sm);display:flex;flex-wrap:wrap;gap:var(--ui-space-1) var(--ui-space-2);align-items:center}
.chat-message__meta time{color:var(--ui-color-muted)}
.chat-message__text{margin:0;white-space:pre-line;overflow-wrap:anywhere;line-height:1.5}
.chat-message__quote{margin:0 0 var(--ui-space-1);padding-inline-start:var(--ui-space-2);border-inline-start:3px solid var(--ui-color-border-strong);color:var(--ui-color-muted);font-size:var(--ui-font-size-sm);overflow-wrap:anywhere}
.chat-message__actions{display:flex;flex-wrap:wrap;gap:var(--ui-space-1);margin-top:var(--ui-space-1)}
.chat-message__actions .ui-button--sm{padding-inline:var(--ui-space-2)}
.chat-badge{display:inline-block;padding:0 var(--ui-space-2);border:1px solid var(--ui-color-border);border-radius:999px;font-size:var(--ui-font-size-xs)}
.chat-pinned{border:1px dashed var(--ui-color-accent);border-radius:var(--ui-radius-md);padding:var(--ui-space-2) var(--ui-space-3)}
.chat-pinned__title{margin:0 0 var(--ui-space-1);font-size:var(--ui-font-size-md)}
.chat-pinned__text{margin:0;overflow-wrap:anywhere}
.chat-earlier{align-self:center}
.chat-composer{display:flex;flex-direction:column;gap:var(--ui-space-2);padding-block:var(--ui-space-2) var(--ui-space-3);background:var(--ui-color-surface);border-top:1px solid var(--ui-color-border)}
.ui-side-layout__body .chat-composer{position:sticky;bottom:calc(-1 * var(--ui-space-3))}
.chat-composer textarea{font:inherit;padding:var(--ui-space-2) var(--ui-space-3);border:1px solid var(--ui-color-border-strong);border-radius:var(--ui-radius-md);background:var(--ui-color-surface);color:var(--ui-color-text);width:100%;min-height:var(--ui-touch);resize:vertical}
.chat-composer__row{display:flex;justify-content:space-between;align-items:center;gap:var(--ui-space-2)}
.chat-composer__context{margin:0;font-size:var(--ui-font-size-sm)}
.chat-counter{font-size:var(--ui-font-size-sm);color:var(--ui-color-muted);font-variant-numeric:tabular-nums}
.chat-counter--over{color:var(--ui-color-danger);font-weight:700}
.chat-suspension{display:contents}
.chat-suspension__panel{flex-basis:100%;display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2) var(--ui-space-3);padding:var(--ui-space-2);border:1px solid var(--ui-color-border);border-radius:var(--ui-radius-md);background:var(--ui-color-surface)}
.chat-suspension__status{margin:0;flex-basis:100%;overflow-wrap:anywhere}
.chat-suspension__lengths{display:flex;flex-wrap:wrap;align-items:center;gap:var(--ui-space-2) var(--ui-space-3);margin:0;padding:var(--ui-space-1) var(--ui-space-2);border:1px solid var(--ui-color-border);border-radius:var(--ui-radius-md);min-width:0}
.chat-suspension__lengths legend{padding:0 var(--ui-space-1);font-size:var(--ui-font-size-sm)}
.chat-suspension__lengths label{white-space:nowrap;display:inline-flex;align-items:center;gap:var(--ui-space-1);min-height:var(--ui-touch)}
.chat-table{border-collapse:collapse;width:100%}
.chat-table th,.chat-table td{text-align:left;padding:var(--ui-space-2);border-bottom:1px solid var(--ui-color-border);vertical-align:top;overflow-wrap:anywhere}
.chat-table td .chat-message__actions{margin:0}
@media (max-width:63.99rem){.chat-panel .ui-button--sm{min-height:var(--ui-touch)}}
`;

export function ChatStyles() {
  return (
    <style href="civic-chat" precedence="default">
      {css}
    </style>
  );
}
