// The playground page: a channel of the local Discord as Discord shows it, acting as a chosen user.
// Everything goes through the local Discord's /_local/* endpoints, the same the tests and the CLI use.
import { fightSteps } from "./fights.js";
import { md } from "./markdown.js";

const $ = (s) => document.querySelector(s);
const el = (tag, props = {}, ...kids) => {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids.flat()) if (k != null && k !== false) e.append(k);
  return e;
};
const state = {
  world: null,
  me: sessionStorage.getItem("user") || "alice",
  channel: null,
  messages: new Map(),
  unread: new Set(),
  es: null,
  people: { campaign: null, people: {} },
};
const BASE_USERS = ["alice", "bob", "carol"];

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    ...(body ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}
function status(text, err = false) {
  $("#status").textContent = text;
  $("#status").className = err ? "err" : "";
}
const userName = (id) =>
  state.world?.users.find((u) => u.id === id)?.username ??
  (id === state.world?.bot.id ? state.world.bot.username : null);
const channelName = (id) => state.world?.guilds.flatMap((g) => g.channels).find((c) => c.id === id)?.name;
const commands = () => state.world?.commands ?? [];

// --- Discord's markdown (the subset the bot writes): markdown.js ------------------------------
const mdEl = (tag, text, cls = "") =>
  Object.assign(document.createElement(tag), {
    className: `md ${cls}`,
    innerHTML: md(text, { user: userName, channel: channelName }),
  });

// --- a message as Discord draws it --------------------------------------------------------------
function renderEmbed(e) {
  const color = e.color != null ? `#${e.color.toString(16).padStart(6, "0")}` : null;
  const box = el(
    "div",
    { className: "embed" },
    e.author?.name && el("div", { className: "eauthor", textContent: e.author.name }),
    e.title && mdEl("div", e.title, "title"),
    e.description && mdEl("div", e.description),
    e.fields?.length &&
      el(
        "div",
        { className: "fields" },
        e.fields.map((f) =>
          el(
            "div",
            { className: `field${f.inline ? " inline" : ""}` },
            mdEl("div", f.name, "fname"),
            mdEl("div", f.value),
          ),
        ),
      ),
    (e.footer?.text || e.timestamp) &&
      el("div", {
        className: "footer",
        textContent: [e.footer?.text, e.timestamp && new Date(e.timestamp).toLocaleString()]
          .filter(Boolean)
          .join(" • "),
      }),
  );
  if (color) box.style.borderLeftColor = color;
  return box;
}
function renderComponent(c, m) {
  switch (c.type) {
    case 1:
      return el(
        "div",
        { className: "row" },
        (c.components ?? []).map((x) => renderComponent(x, m)),
      );
    case 2: {
      const label = [c.emoji?.name, c.label].filter(Boolean).join(" ");
      if (c.url)
        return el("a", {
          className: "btn s5",
          href: c.url,
          target: "_blank",
          rel: "noopener",
          textContent: `${label} ↗`,
        });
      const b = el("button", {
        className: `btn s${c.style ?? 2}`,
        textContent: label,
        disabled: !!c.disabled,
        type: "button",
      });
      b.onclick = () => act(b, "/_local/press", { messageId: m.id, customId: c.custom_id });
      return b;
    }
    case 3:
    case 5: {
      const opts =
        c.type === 3
          ? c.options.map((o) => ({ value: o.value, label: o.label, description: o.description, default: o.default }))
          : (state.world?.users ?? []).map((u) => ({ value: u.id, label: u.username }));
      const multiple = (c.max_values ?? 1) > 1;
      const s = el(
        "select",
        { disabled: !!c.disabled, multiple, title: c.placeholder ?? "" },
        !multiple &&
          el("option", { value: "", textContent: c.placeholder ?? "Make a selection", disabled: true, selected: true }),
        opts.map((o) =>
          el("option", {
            value: o.value,
            textContent: o.description ? `${o.label} — ${o.description}` : o.label,
            selected: !!o.default && multiple,
          }),
        ),
      );
      s.setAttribute("aria-label", c.placeholder ?? "Select");
      s.onchange = () => {
        if (!multiple) act(s, "/_local/press", { messageId: m.id, customId: c.custom_id, values: [s.value] });
      };
      if (!multiple) return s;
      const go = el("button", { className: "btn s1", type: "button", textContent: "Choose", disabled: !!c.disabled });
      go.onclick = () =>
        act(go, "/_local/press", {
          messageId: m.id,
          customId: c.custom_id,
          values: [...s.selectedOptions].map((o) => o.value),
        });
      return el("div", { className: "row" }, s, go);
    }
    case 9:
      return el(
        "div",
        { className: "section" },
        el(
          "div",
          {},
          (c.components ?? []).map((x) => renderComponent(x, m)),
        ),
        c.accessory && renderComponent(c.accessory, m),
      );
    case 10:
      return mdEl("div", c.content);
    case 14:
      return el("hr");
    case 17: {
      const box = el(
        "div",
        { className: "container" },
        (c.components ?? []).map((x) => renderComponent(x, m)),
      );
      if (c.accent_color != null) box.style.borderLeftColor = `#${c.accent_color.toString(16).padStart(6, "0")}`;
      return box;
    }
    default:
      return el("div", { className: "note", textContent: `(a component this page does not draw: type ${c.type})` });
  }
}
/** "carol used /attack", "carol used Roll dice in this message" (a message command: its name, no slash), "carol used a button or form". */
function usedLine(used) {
  const who = used.user.global_name || used.user.username;
  if (!used.name) return `${who} used a button or form`;
  return `${who} used ${used.command_type === 1 ? "/" : ""}${used.name}`;
}
function renderMessage(m) {
  const eph = (m.flags & 64) !== 0;
  const author = m.author?.global_name || m.author?.username || "?";
  const used = m.interaction_metadata;
  const node = el(
    "article",
    { className: `msg${eph ? " eph" : ""}`, id: `m-${m.id}` },
    used && el("div", { className: "used", textContent: `↳ ${usedLine(used)}` }),
    el("div", { className: "avatar", textContent: author[0].toUpperCase() }),
    el(
      "div",
      {},
      el("span", { className: "author", textContent: author }),
      m.author?.bot && el("span", { className: "tag", textContent: "APP" }),
      el("time", { textContent: new Date(m.timestamp).toLocaleTimeString() }),
      m.edited_timestamp && el("span", { className: "edited", textContent: "(edited)" }),
    ),
    m.flags & 128
      ? el("div", { className: "note", textContent: `${author} is thinking…` })
      : m.content && mdEl("div", m.content),
    (m.embeds ?? []).map(renderEmbed),
    (m.components ?? []).map((c) => renderComponent(c, m)),
    eph && el("div", { className: "note", textContent: "Only you can see this" }),
  );
  const apps = commands().filter((c) => c.type === 3);
  if (!eph && apps.length) {
    const b = el("button", { className: "apps", textContent: "⋯ Apps", type: "button", title: "Apps" });
    b.onclick = () => {
      node.querySelector(".appmenu")?.remove();
      const open = b.getAttribute("aria-expanded") !== "true";
      b.setAttribute("aria-expanded", String(open));
      if (open)
        node.append(
          el(
            "div",
            { className: "appmenu" },
            apps.map((c) => {
              const item = el("button", { type: "button", textContent: c.name });
              item.onclick = () => {
                b.click();
                act(item, "/_local/menu", { messageId: m.id, name: c.name });
              };
              return item;
            }),
          ),
        );
    };
    node.append(b);
  }
  return node;
}
function show(m) {
  const list = $("#messages");
  const stuck = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const old = document.getElementById(`m-${m.id}`);
  if (m.deleted) old?.remove();
  else if (old) old.replaceWith(renderMessage(m));
  else list.append(renderMessage(m));
  if (stuck || !old) list.scrollTop = list.scrollHeight;
}

// --- acting as the chosen user ---------------------------------------------------------------
async function act(control, path, body) {
  control.disabled = true;
  status("…");
  try {
    const data = await api("POST", path, { ...body, user: state.me });
    if (data.reply?.modal) openModal(data.reply.modal);
    status("");
    return data;
  } catch (err) {
    status(err.message, true);
    throw err;
  } finally {
    if (document.contains(control)) control.disabled = false;
  }
}
function openModal(modal) {
  const form = $("#modal-form");
  const inputs = [];
  const field = (c, label) => {
    const input = el(c.style === 2 ? "textarea" : "input", {
      name: c.custom_id,
      value: c.value ?? "",
      placeholder: c.placeholder ?? "",
      required: c.required !== false,
      rows: 3,
    });
    if (c.max_length) input.maxLength = c.max_length;
    inputs.push(input);
    return el("label", { textContent: label ?? c.label ?? c.custom_id }, input);
  };
  const rows = (modal.components ?? []).flatMap((row) =>
    row.type === 18
      ? [field(row.component, row.label)]
      : (row.components ?? []).filter((c) => c.type === 4).map((c) => field(c)),
  );
  const cancel = el("button", { type: "button", className: "btn s2", textContent: "Cancel" });
  form.replaceChildren(
    el("h2", { textContent: modal.title ?? "" }),
    ...rows,
    el("div", { className: "actions" }, cancel, el("button", { className: "btn s1", textContent: "Submit" })),
  );
  cancel.onclick = () => $("#modal").close();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const values = Object.fromEntries(inputs.map((i) => [i.name, i.value]));
    await act(form.querySelector(".s1"), "/_local/modal", { customId: modal.custom_id, values }).then(
      () => $("#modal").close(),
      () => {},
    );
  };
  $("#modal").showModal();
  inputs[0]?.focus();
}

// --- the slash box: command names, subcommands, options, choices and autocomplete ------------
const tokens = (line) => line.match(/(?:[^\s"]+|"[^"]*"?)+/g) ?? [];
async function suggestions(line) {
  if (!line.startsWith("/")) return [];
  const words = tokens(line);
  const ended = /\s$/.test(line);
  const cur = ended ? "" : (words.pop() ?? "");
  if (!words.length)
    return commands()
      .filter((c) => c.type === 1 && `/${c.name}`.startsWith(cur))
      .map((c) => ({ text: `/${c.name} `, hint: c.description }));
  const cmd = commands().find((c) => c.type === 1 && `/${c.name}` === words[0]);
  if (!cmd) return [];
  let defs = cmd.options ?? [];
  for (const w of words.slice(1)) {
    const sub = defs.find((d) => (d.type === 1 || d.type === 2) && d.name === w);
    if (sub) defs = sub.options ?? [];
  }
  if (defs.some((d) => d.type === 1 || d.type === 2))
    return defs.filter((d) => d.name.startsWith(cur)).map((d) => ({ text: `${d.name} `, hint: d.description }));
  const colon = cur.indexOf(":");
  if (colon < 0) {
    const used = new Set(words.map((w) => w.split(":")[0]));
    return defs
      .filter((d) => !used.has(d.name) && d.name.startsWith(cur))
      .sort((a, b) => (b.required ? 1 : 0) - (a.required ? 1 : 0))
      .map((d) => ({ text: `${d.name}:`, hint: `${d.required ? "required · " : ""}${d.description}` }));
  }
  const def = defs.find((d) => d.name === cur.slice(0, colon));
  const typed = cur
    .slice(colon + 1)
    .replace(/^"|"$/g, "")
    .toLowerCase();
  if (!def) return [];
  // Quoted when the line would otherwise split it or read a quote in it ("Goblin ambush", Ogre's): as line.ts reads it back.
  const quote = (v) => (/[\s"'“”\\]/.test(v) ? `"${v.replace(/["\\]/g, "\\$&")}"` : v);
  let choices =
    def.choices ??
    (def.type === 5
      ? [
          { name: "True", value: "true" },
          { name: "False", value: "false" },
        ]
      : null);
  if (def.type === 6) choices = (state.world?.users ?? []).map((u) => ({ name: u.username, value: `@${u.username}` }));
  if (!choices && def.autocomplete) {
    const data = await api("POST", "/_local/autocomplete", {
      line,
      focused: def.name,
      user: state.me,
      channel: state.channel,
    }).catch(() => ({ choices: [] }));
    choices = data.choices;
  }
  return (choices ?? [])
    .filter((c) => (!def.autocomplete ? `${c.name} ${c.value}`.toLowerCase().includes(typed) : true))
    .map((c) => ({ text: `${def.name}:${quote(String(c.value))} `, hint: c.name }));
}
let shown = [],
  pick = -1,
  asked = 0;
async function refreshSuggestions() {
  const line = $("#line").value;
  const n = ++asked;
  const list = await suggestions(line).catch(() => []);
  if (n !== asked) return;
  shown = list.slice(0, 25);
  pick = -1;
  $("#suggest").replaceChildren(
    ...shown.map((s, i) => {
      const li = el(
        "li",
        { role: "option" },
        el("b", { textContent: s.text.trim() }),
        s.hint && el("span", { textContent: s.hint }),
      );
      li.onmousedown = (ev) => {
        ev.preventDefault();
        accept(i);
      };
      return li;
    }),
  );
}
function accept(i) {
  const s = shown[i];
  if (!s) return;
  const line = $("#line").value;
  $("#line").value = (/\s$/.test(line) ? line : line.replace(/(?:[^\s"]+|"[^"]*"?)+$/, "")) + s.text;
  $("#line").focus();
  refreshSuggestions();
}
// A phone has no Tab key, and its box no room to say so.
const narrow = matchMedia("(max-width: 767px)");
const placeholder = () => {
  $("#line").placeholder = narrow.matches
    ? "Type / for the bot's commands"
    : "Type / for the bot's commands, Tab completes";
};
narrow.addEventListener("change", placeholder);
placeholder();
$("#line").addEventListener("input", refreshSuggestions);
$("#line").addEventListener("keydown", (ev) => {
  if (ev.key === "Tab" && shown.length) {
    ev.preventDefault();
    accept(Math.max(pick, 0));
  } else if ((ev.key === "ArrowDown" || ev.key === "ArrowUp") && shown.length) {
    ev.preventDefault();
    pick = (pick + (ev.key === "ArrowDown" ? 1 : shown.length - 1)) % shown.length;
    for (const [i, li] of [...$("#suggest").children].entries()) li.classList.toggle("on", i === pick);
  } else if (ev.key === "Enter" && pick >= 0) {
    ev.preventDefault();
    accept(pick);
  } else if (ev.key === "Escape") {
    shown = [];
    $("#suggest").replaceChildren();
  }
});
$("#box").onsubmit = async (ev) => {
  ev.preventDefault();
  const line = $("#line").value.trim();
  if (!line) return;
  const path = line.startsWith("/") ? "/_local/command" : "/_local/say";
  await act(
    $("#line"),
    path,
    line.startsWith("/") ? { line, channel: state.channel } : { content: line, channel: state.channel },
  ).then(
    () => {
      $("#line").value = "";
      $("#suggest").replaceChildren();
      shown = [];
      $("#line").focus();
    },
    () => {},
  );
};

// --- users, channels, live updates ----------------------------------------------------------
function renderSide() {
  const w = state.world;
  $("#guilds").replaceChildren(
    ...w.guilds.map((g) =>
      el(
        "div",
        {},
        el("h2", { textContent: g.name }),
        g.channels.map((c) => {
          const b = el("button", {
            className: `chan${c.id === state.channel ? " on" : ""}${state.unread.has(c.id) ? " unread" : ""}`,
            textContent: `${c.parentId ? "  ↳ " : "# "}${c.name}`,
            type: "button",
          });
          b.onclick = () => {
            fold(true);
            openChannel(c.id);
          };
          return b;
        }),
      ),
    ),
  );
  const names = [...new Set([...BASE_USERS, ...w.users.map((u) => u.username), state.me])];
  $("#user").replaceChildren(
    ...names.map((n) => el("option", { value: n, textContent: whoLabel(n), selected: n === state.me })),
    el("option", { value: "+", textContent: "+ new user…" }),
  );
  const systems =
    commands()
      .find((c) => c.name === "campaign")
      ?.options?.find((o) => o.name === "start")
      ?.options?.find((o) => o.name === "system")?.choices ?? [];
  if (!$("#try-system").options.length)
    $("#try-system").replaceChildren(
      ...systems.map((s) => el("option", { value: s.value, textContent: s.name, selected: s.value === "bx" })),
    );
}
async function openChannel(id) {
  state.channel = id;
  state.unread.delete(id);
  const data = await api("GET", `/_local/messages?channel=${id}&limit=100&as=${encodeURIComponent(state.me)}`);
  $("#messages").replaceChildren(...data.messages.map(renderMessage));
  $("#messages").scrollTop = $("#messages").scrollHeight;
  $("#title").textContent = `# ${channelName(id) ?? id}`;
  renderSide();
  loadPeople();
}
/** "bob (player of Wren)": what each user is in the channel's campaign (no campaign: the name alone). */
function whoLabel(name) {
  const what = state.people.people[name] ?? (state.people.campaign ? "no character yet" : null);
  return what ? `${name} (${what})` : name;
}
let peopleAsked = 0;
async function loadPeople() {
  const n = ++peopleAsked;
  const data = state.channel ? await api("GET", `/_local/people?channel=${state.channel}`).catch(() => null) : null;
  if (n !== peopleAsked || !data) return;
  state.people = data;
  renderSide();
}
let peopleLater = null;
/** After the bot answers in the channel (a campaign started, a character made) or someone new joins. */
function reloadPeople() {
  clearTimeout(peopleLater);
  peopleLater = setTimeout(loadPeople, 200);
}
/** Below a tablet's width the channel list is a drawer behind ☰ (style.css): `folded` closes it. */
function fold(folded) {
  document.body.classList.toggle("side-open", !folded);
  $("#menu").setAttribute("aria-expanded", String(!folded));
}
$("#menu").onclick = () => fold(document.body.classList.contains("side-open"));
$("#shade").onclick = () => fold(true);
function listen() {
  state.es?.close();
  state.es = new EventSource(`/_local/events?as=${encodeURIComponent(state.me)}`);
  state.es.addEventListener("message", (ev) => {
    const { message } = JSON.parse(ev.data);
    if (message.channel_id === state.channel) {
      show(message);
      if (message.author?.bot) reloadPeople();
    } else if (!state.unread.has(message.channel_id)) {
      state.unread.add(message.channel_id);
      renderSide();
    }
  });
  state.es.addEventListener("world", (ev) => {
    state.world = JSON.parse(ev.data);
    renderSide();
    reloadPeople();
  });
}
$("#user").onchange = async () => {
  let name = $("#user").value;
  if (name === "+")
    name = (prompt("New user's name") ?? "")
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9_.-]/g, "");
  if (name) state.me = name;
  sessionStorage.setItem("user", state.me);
  listen();
  renderSide();
  if (state.channel) await openChannel(state.channel);
};

// --- Try a fight: the commands a referee and two players would type (fights.js) --------------
$("#try-go").onclick = async () => {
  const system = $("#try-system").value;
  const taken = new Set(state.world.guilds.flatMap((g) => g.channels.map((c) => c.name)));
  let channel = `fight-${system}`;
  for (let n = 2; taken.has(channel); n++) channel = `fight-${system}-${n}`;
  const steps = fightSteps(system);
  const log = $("#try-log");
  log.textContent = "";
  $("#try-go").disabled = true;
  try {
    for (const [user, line] of steps) {
      log.textContent += `${user}: ${line}\n`;
      const data = await api("POST", "/_local/command", { line, user, channel });
      if (!state.channel || channelName(state.channel) !== channel) {
        state.world = await api("GET", "/_local/world");
        await openChannel(state.world.guilds.flatMap((g) => g.channels).find((c) => c.name === channel).id);
      }
      if (data.reply?.ephemeral) throw new Error(data.reply.message.content);
    }
    log.textContent +=
      "Ready: you are alice, the referee. Roll initiative from the board; bob and carol attack with /attack.";
    state.me = "alice";
    listen();
    renderSide();
    fold(true);
  } catch (err) {
    log.textContent += `Stopped: ${err.message}`;
  } finally {
    $("#try-go").disabled = false;
  }
};

state.world = await api("GET", "/_local/world");
listen();
const first = state.world.guilds[0]?.channels.find((c) => c.name === "table") ?? state.world.guilds[0]?.channels[0];
if (first) await openChannel(first.id);
else renderSide();
