// Discord's markdown, the subset the bot writes, as HTML for the playground page (and its tests).
// The text is escaped first, so it holds no "<" of its own: code spans and blocks are set aside
// under placeholders "<N>" that no message can contain, whatever it types (a NUL, digits, "<1>").

export const esc = (s) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

/** HTML for `text`; `names.user(id)` and `names.channel(id)` name mentions (the id when unknown). */
export function md(text, names = {}) {
  const blocks = [];
  const aside = (html) => `<${blocks.push(html) - 1}>`;
  let s = esc(text).replace(/```(?:\w*\n)?([\s\S]*?)```/g, (_, code) => aside(`<pre>${code}</pre>`));
  s = s.replace(/`([^`\n]+)`/g, (_, code) => aside(`<code>${code}</code>`));
  s = s
    .replace(/&lt;@!?(\d+)&gt;/g, (_m, id) => `<span class="mention">@${esc(names.user?.(id) ?? id)}</span>`)
    .replace(/&lt;#(\d+)&gt;/g, (_m, id) => `<span class="mention">#${esc(names.channel?.(id) ?? id)}</span>`)
    .replace(/&lt;t:(\d+)(?::\w)?&gt;/g, (_m, t) => new Date(Number(t) * 1000).toLocaleString())
    .replace(/\[([^\]\n]+)\]\((https?:[^)\s]+)\)/g, "$1")
    .replace(/\*\*\*(.+?)\*\*\*/g, "<b><i>$1</i></b>")
    .replace(/\*\*(.+?)\*\*/g, "<b>$1</b>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/(^|[^*\w])\*(?!\s)(.+?)\*/g, "$1<i>$2</i>")
    .replace(/(^|\W)_(?!\s)(.+?)_(?=\W|$)/g, "$1<i>$2</i>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .split("\n")
    .map((line) =>
      line
        .replace(/^### (.*)$/, "<h3>$1</h3>")
        .replace(/^## (.*)$/, "<h2>$1</h2>")
        .replace(/^# (.*)$/, "<h1>$1</h1>")
        .replace(/^-# (.*)$/, "<small>$1</small>")
        .replace(/^&gt; (.*)$/, "<blockquote>$1</blockquote>"),
    )
    .join("<br>")
    .replace(/<br>(<(?:h\d|blockquote))/g, "$1")
    .replace(/(<\/(?:h\d|blockquote)>)<br>/g, "$1");
  // A code span may hold a block's placeholder (``` inside `…`): put back within what is put back.
  const back = (html) => html.replace(/<(\d+)>/g, (_, i) => back(blocks[Number(i)]));
  return back(s);
}
