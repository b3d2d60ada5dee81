// What the seat page (play.js) and the host page (host.js) share: the JSON client, how a card
// is drawn (Scryfall's image of its name, the name as text), events as sentences, and the panel
// shown after the end (seed, log, verification).
//
// Nothing the server sends is ever parsed as HTML: every text goes through textContent, and the
// only URL built from a card name is encoded with encodeURIComponent. The pages are served with a
// Content-Security-Policy that allows only these files' scripts and Scryfall's images.

// -- the fragment and the JSON client ----------------------------------------------------------

/** The URL fragment's fields: `#token=...`, `#invite=...`, or a bare token (older links). */
export function fragment() {
  const raw = location.hash.slice(1);
  if (!raw) return {};
  if (!raw.includes("=")) return { token: raw };
  const fields = {};
  for (const [k, v] of new URLSearchParams(raw)) fields[k] = v;
  return fields;
}

/** An API error: the server's `error` object (code, message, next_action, ...). */
export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `HTTP ${status}`);
    this.status = status;
    this.code = error.code || "http";
    this.details = error;
  }
}

/** A client of the JSON routes under `base` (where the server is mounted), with `token`. */
export function client(base, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  async function call(method, path, body) {
    const response = await fetch(base + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = response.headers.get("content-type") || "";
    const data = type.startsWith("application/json") ? await response.json() : await response.text();
    if (!response.ok) throw new ApiError(response.status, typeof data === "object" ? data : null);
    return data;
  }
  return { call, headers, base };
}

/** The path the server is mounted under: everything before `/{word}/` of this page's path. */
export function mountedAt(word) {
  const path = location.pathname;
  return path.slice(0, path.lastIndexOf(`/${word}/`));
}

// -- building the page -------------------------------------------------------------------------

export function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export function button(label, action, onClick, attrs) {
  const b = el("button", { type: "button", "data-action": action, ...(attrs || {}) }, label);
  b.addEventListener("click", onClick);
  return b;
}

/** Scryfall's image of a card by its exact name: the URL the Tabletop Simulator script uses. */
export function imageUrl(name) {
  return "https://api.scryfall.com/cards/named?exact=" + encodeURIComponent(name) + "&format=image";
}

/**
 * A card: its image, and its name as text under it (alone, larger, when the image cannot load:
 * offline, or a name Scryfall does not know). `tag` "button" makes it selectable.
 */
export function cardNode(card, options) {
  const o = options || {};
  const node = el(o.tag || "div", { class: "card", "data-card": card.id, title: card.name });
  if (o.tag === "button") node.type = "button";
  if (o.images !== false) {
    const img = el("img", { alt: "", loading: "lazy", decoding: "async", referrerpolicy: "no-referrer" });
    img.addEventListener("error", () => node.classList.add("noimg"));
    img.src = imageUrl(card.name);
    node.appendChild(img);
  } else {
    node.classList.add("noimg");
  }
  node.appendChild(el("span", { class: "name" }, card.name));
  for (const x of o.extra || []) node.appendChild(x);
  return node;
}

/** A server message as the pages word it: `players[0]` (the API's index) is "Player 1". */
export function playerWords(message) {
  return String(message).replace(/\bplayers\[(\d+)\]/g, (_, i) => `Player ${Number(i) + 1}`);
}

export function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// -- events as sentences -----------------------------------------------------------------------

const ZONES = {
  face_down_exile: "exile, face down", outside: "outside the game", top: "the top of the library",
  bottom: "the bottom of the library", library: "the library", hand: "the hand",
  battlefield: "the battlefield", graveyard: "the graveyard", exile: "exile",
  command: "the command zone", stack: "the stack",
};
export function zoneName(z) {
  return ZONES[z] || (z ? String(z).replace(/_/g, " ") : "somewhere");
}

export function counterLine(counters) {
  const entries = Object.entries(counters || {});
  return entries.map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ");
}

// The names of the permanents seen in any view, by seat and id (ids are per deck; a token's is
// never reused), so an event that names a card by its id alone (a counter on it) reads well
// after the card has left.
const cardNames = new Map();

/** Keeps the names of the battlefield's cards of view `v`, for the events' sentences. */
export function rememberCards(v) {
  for (const s of (v && v.seats) || []) {
    for (const c of s.battlefield || []) cardNames.set(`${s.seat}:${c.id}`, c.name);
  }
}

/**
 * One event as a sentence, the rule it follows in brackets. `nameOf(seat)` names a seat ("You"
 * for the reader's own seat); `me` is the reader's seat (null for the host).
 */
export function describe(e, nameOf, me) {
  const who = nameOf(e.seat);
  const you = e.seat === me && me !== null && me !== undefined;
  const s = you ? "" : "s";
  const es = you ? "" : "es";
  const cards = list => (list && list.length ? list.map(c => (c && typeof c === "object" ? c.name : `card ${c}`)).join(", ") : "nothing");
  const hidden = e.cards === undefined && e.count !== undefined;
  const what = hidden ? count(e.count, "card") : cards(e.cards);
  const your = you ? "your" : "their";
  let text;
  switch (e.type) {
    case "choose_chooser": text = `${nameOf(e.chooser)} will choose who plays first (${e.how === "random" ? "chosen at random" : String(e.how).replace(/_/g, " ")})`; break;
    case "starting_player": text = e.chosen_by === null || e.chosen_by === undefined ? `${nameOf(e.seat)} play${s} first`
      : e.chosen_by === e.seat ? `${nameOf(e.seat)} chose to play first` : `${nameOf(e.chosen_by)} chose ${nameOf(e.seat)} to play first`; break;
    case "life": text = `${who} start${s} at ${e.life} life`; break;
    case "shuffle": text = e.seat === undefined || e.seat === null ? `A library is shuffled (${count(e.size, "card")})`
      : `${who} shuffle${s} ${your} library (${count(e.size, "card")}${e.times > 1 ? `, counted ${e.times} times` : ""})`; break;
    case "draw": text = `${who} draw${s} ${what}`; break;
    case "keep": text = `${who} keep${s} a hand of ${e.hand_size}`; break;
    case "declare_mulligan": text = `${who} take${s} a mulligan`; break;
    case "mulligan": text = `${who} shuffle${s} away the hand (mulligan ${e.number}${e.free ? ", free" : ""})`; break;
    case "bottom": text = `${who} put${s} ${what} on the bottom`; break;
    case "vancouver": text = `${who} scr${you ? "y" : "ies"} ${e.card ? e.card.name : "the top card"} to the ${e.to || "top"}`; break;
    case "mulligan_action": text = `${who} use${s} ${e.card ? e.card.name : "a card"} to mulligan`; break;
    case "opening_hand_action": text = `${who} use${s} ${e.card ? e.card.name : "a card"}${e.exiled ? ", exiling " + e.exiled.name : ""}`; break;
    case "pass_actions": text = `${who} pass${es}`; break;
    case "first_draw": text = `${nameOf(e.starting_player)} play${e.starting_player === me ? "" : "s"} first; the game begins`; break;
    case "set_aside": text = `${who} set${s} aside ${what}`; break;
    case "companion": text = `${who} reveal${s} the companion ${e.card ? e.card.name : ""}`; break;
    case "commander": text = `${who} put${s} ${cards(e.cards)} in the command zone`; break;
    case "move": text = `${who} move${s} ${what} from ${zoneName(e.from)} to ${zoneName(e.to)}${e.revealed ? ", revealed" : ""}`; break;
    case "search_library": text = `${nameOf(e.looker)} search${e.looker === me ? "" : "es"} ${e.looker !== e.seat ? nameOf(e.seat) + "'s" : e.looker === me ? "your" : "their"} library`; break;
    case "look": text = `${nameOf(e.looker)} look${e.looker === me ? "" : "s"} at ${what} from the top of ${e.looker === e.seat ? "the" : nameOf(e.seat) + "'s"} library`; break;
    case "reveal": text = `${who} reveal${s} ${what} from the top of the library`; break;
    case "counter": {
      const words = { p1p1: "+1/+1", m1m1: "-1/-1" };
      const name = words[e.counter] || String(e.counter || "counter").replace(/_/g, " ");
      const change = e.set !== undefined && e.set !== null ? `set to ${e.set}`
        : `${e.delta > 0 ? "+" : ""}${e.delta}`;
      const now = e.value !== undefined && e.value !== null ? ` (now ${e.value})` : "";
      const on = e.card !== undefined && e.card !== null
        ? ` on ${e.card.name || cardNames.get(`${e.seat}:${e.card}`) || `card ${e.card}`}` : "";
      text = `${who}: ${name} ${change}${on}${now}`;
      break;
    }
    case "act": {
      const a = e.action && typeof e.action === "object" ? e.action : { action: e.action };
      if (a.action === "counter" || e.counter !== undefined) {
        return describe({ ...a, ...e, type: "counter", action: undefined }, nameOf, me);
      }
      text = `${who}: ${String(a.action || "an action").replace(/_/g, " ")}`;
      break;
    }
    case "tap": text = `${who} tap${s} ${what}`; break;
    case "untap": text = `${who} untap${s} ${what}`; break;
    case "turn": text = `Turn ${e.number}: ${who}${you ? "r" : "'s"} turn`; break;
    case "token": text = `${who} create${s} ${e.cards && e.cards.length > 1 ? "tokens" : "a token"}: ${what}`; break;
    case "cease_to_exist": text = `${what} cease${e.cards && e.cards.length === 1 ? "s" : ""} to exist`; break;
    case "cast": text = `${who} cast${s} ${e.card && e.card.name ? e.card.name : "a commander"} from the command zone (cast ${e.casts})`; break;
    case "commander_damage": text = `${who} take${s} ${e.delta} damage from ${e.owner === me ? "your" : `${nameOf(e.owner)}'s`} commander (${e.value} in all)`; break;
    case "concede": text = `${who} concede${s}`; break;
    case "game_over": text = "The game is over: one side is left"; break;
    case "end": text = "The game is over: the seed is revealed"; break;
    default: {
      const skip = ["type", "rule", "seat"];
      const fields = Object.entries(e).filter(([k, v]) => !skip.includes(k) && v !== null && v !== undefined && typeof v !== "object")
        .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`);
      const lists = Object.entries(e).filter(([, v]) => Array.isArray(v) && v.length && v[0] && v[0].name)
        .map(([k, v]) => `${k.replace(/_/g, " ")} ${cards(v)}`);
      const all = fields.concat(lists);
      text = `${e.seat !== undefined && e.seat !== null ? who + ": " : ""}${String(e.type).replace(/_/g, " ")}${all.length ? " (" + all.join(", ") + ")" : ""}`;
    }
  }
  return e.rule ? `${text} [${e.rule}]` : text;
}

/**
 * The events worth a line, numbered 1, 2, 3... without gaps. Each action is stored as an `act`
 * record followed by the events it caused (a draw, a move): the record says nothing the events
 * do not, so it is left out, unless nothing follows it (an action whose record is all there is).
 */
export function shownEvents(events) {
  const shown = [];
  events.forEach((e, i) => {
    if (e.type === "act") {
      const next = events[i + 1];
      if (next && next.type !== "act" && next.type !== "end") return;
    }
    shown.push(e);
  });
  return shown;
}

/** Redraws the event list `list` (an <ol>, numbered by the browser: no gaps). */
export function renderEvents(list, events, nameOf, me) {
  // Follows the newest unless the reader scrolled up to read older ones.
  const atEnd = !list.dataset.drawn || list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.dataset.drawn = "1";
  const shown = shownEvents(events);
  list.replaceChildren(...shown.map(e => el("li", { "data-type": e.type }, describe(e, nameOf, me))));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

/**
 * Follows `GET /games/{id}/events` as server-sent events (read with fetch, which can send the
 * token), keeping every event in `events` (the stream's numbers are its 1-based indexes) and
 * calling `changed()` after each batch. Reconnects from the last event seen; stops when
 * `stop()` says so. `onError(e)` when the stream fails, `onOpen()` when it is (back) open.
 */
export async function follow(api, gameId, events, changed, stop, onError, onOpen) {
  while (!stop()) {
    try {
      const response = await fetch(`${api.base}/games/${gameId}/events?after=${events.length}`, {
        headers: { ...api.headers, Accept: "text/event-stream" },
      });
      if (!response.ok) throw new Error("events: HTTP " + response.status);
      if (onOpen) onOpen();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        let got = false;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: (\d+)$/m.exec(message);
          const data = /^data: (.*)$/m.exec(message);
          if (/^event: game$/m.test(message) && id && data && Number(id[1]) === events.length + 1) {
            events.push(JSON.parse(data[1]));
          }
          if (/^event: /m.test(message)) got = true;
        }
        if (got) await changed();
      }
    } catch (e) {
      onError(e);
      await new Promise(r => setTimeout(r, 1000));
    }
    if (stop()) break;
    await new Promise(r => setTimeout(r, 200));
  }
}

// -- after the end -----------------------------------------------------------------------------

/**
 * The game's commitment as this browser first saw it (localStorage), kept from `view` when
 * none is kept yet: read before any shuffle, it is what the end verifies the log against.
 */
export function keptCommitment(gameId, view) {
  const key = `mulligan:${gameId}:commitment`;
  if (view && view.commitment && !localStorage.getItem(key)) localStorage.setItem(key, view.commitment);
  return localStorage.getItem(key);
}

/**
 * The end panel: the seed, the log to download and the server's verification of it (POST
 * /verify). `kept` is the commitment this page kept from the first view it read, before any
 * shuffle: the log is verified against it, so a server that changed the seed (and the
 * commitment in the log with it) fails here; without one, the log header's commitment is used.
 */
export async function renderEnd(box, api, gameId, kept) {
  box.replaceChildren(el("h2", {}, "The game is over"));
  let text;
  try {
    text = await api.call("GET", `/games/${gameId}/log`);
  } catch (e) {
    box.appendChild(el("p", { id: "log-error", class: "error" }, `The log: ${e.message}`));
    return;
  }
  const records = text.split("\n").filter(line => line.trim()).map(line => JSON.parse(line));
  const header = records.find(r => r.commitment !== undefined) || {};
  const commitment = kept || header.commitment;
  const seed = records.map(r => r.seed).find(x => typeof x === "string") || "";
  const facts = el("dl", { class: "facts" });
  for (const [label, value, id] of [["Seed", seed || "(not in the log)", "seed"],
    [kept ? "Commitment (kept since the start)" : "Commitment", commitment || "", "commitment"]]) {
    facts.appendChild(el("dt", {}, label));
    facts.appendChild(el("dd", { id }, value));
  }
  box.appendChild(facts);
  const blob = new Blob([text], { type: "application/x-ndjson" });
  const link = el("a", { id: "log-link", download: `mulligan-${gameId}.jsonl` }, "Download the log");
  link.href = URL.createObjectURL(blob);
  box.appendChild(el("p", {})).appendChild(link);
  const verdict = el("p", { id: "verdict" }, "Verifying the log...");
  box.appendChild(verdict);
  try {
    const v = await api.call("POST", "/verify", { log: text, commitment });
    verdict.textContent = v.valid
      ? "Verified: the server replayed every shuffle and draw from the seed, and it matches the commitment."
      : `NOT verified: ${v.message || "the log does not replay"}${v.event !== null && v.event !== undefined ? ` (event ${v.event})` : ""}`;
    verdict.className = v.valid ? "valid" : "invalid";
  } catch (e) {
    verdict.textContent = `The verification failed: ${e.message}`;
    verdict.className = "invalid";
  }
}
