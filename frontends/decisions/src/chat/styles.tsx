/** The chat panel's few styles, on top of the shell's stylesheet (hoisted into <head> once by React 19). */
const css = `
.chat-panel{border:1px solid var(--color-border);border-radius:var(--radius);padding:1rem 1.25rem;margin-top:1.5rem;display:flex;flex-direction:column;gap:.75rem}
.chat-panel__title{margin:0;font-size:1.2rem}
.chat-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.5rem}
.chat-log{max-height:28rem;overflow-y:auto}
.chat-message{padding:.5rem .75rem;border-radius:var(--radius);background:var(--color-surface)}
.chat-message--pinned{border-left:4px solid var(--color-accent)}
.chat-message--gone .chat-message__text{font-style:italic;color:var(--color-muted)}
.chat-message__meta{margin:0 0 .25rem;font-size:.875rem;display:flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:center}
.chat-message__text{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.chat-message__quote{margin:0 0 .25rem;padding-left:.5rem;border-left:3px solid var(--color-border);color:var(--color-muted);font-size:.875rem;overflow-wrap:anywhere}
.chat-message__actions{display:flex;flex-wrap:wrap;gap:.375rem;margin-top:.375rem}
.chat-badge{display:inline-block;padding:0 .4rem;border:1px solid var(--color-border);border-radius:999px;font-size:.75rem}
.chat-badge--signal{background:var(--color-warning-bg);border-color:var(--color-warning-border)}
.chat-pinned{border:1px dashed var(--color-accent);border-radius:var(--radius);padding:.5rem .75rem}
.chat-pinned__title{margin:0 0 .25rem;font-size:1rem}
.chat-pinned__text{margin:0;overflow-wrap:anywhere}
.chat-composer{display:flex;flex-direction:column;gap:.375rem}
.chat-composer textarea{font:inherit;padding:.5rem .625rem;border:1px solid #8c959f;border-radius:var(--radius);width:100%;resize:vertical}
.chat-composer__row{display:flex;justify-content:space-between;align-items:center;gap:.5rem}
.chat-composer__context{margin:0;font-size:.875rem}
.chat-counter{font-size:.875rem;color:var(--color-muted);font-variant-numeric:tabular-nums}
.chat-counter--over{color:var(--color-danger);font-weight:700}
.chat-suspension{display:contents}
.chat-suspension__panel{flex-basis:100%;display:flex;flex-wrap:wrap;align-items:center;gap:.375rem .75rem;padding:.5rem;border:1px solid var(--color-border);border-radius:var(--radius)}
.chat-suspension__status{margin:0;flex-basis:100%;overflow-wrap:anywhere}
.chat-suspension__lengths{display:flex;flex-wrap:wrap;align-items:center;gap:.375rem .75rem;margin:0;padding:.25rem .5rem;border:1px solid var(--color-border);border-radius:var(--radius);min-width:0}
.chat-suspension__lengths legend{padding:0 .25rem;font-size:.875rem}
.chat-suspension__lengths label{white-space:nowrap}
.chat-table{border-collapse:collapse;width:100%}
.chat-table th,.chat-table td{text-align:left;padding:.375rem .5rem;border-bottom:1px solid var(--color-border);vertical-align:top;overflow-wrap:anywhere}
.chat-table td .chat-message__actions{margin:0}
`;

export function ChatStyles() {
  return (
    <style href="civic-chat" precedence="default">
      {css}
    </style>
  );
}
