// The seat page of `mulligan serve` (docs/SERVE.md, "Clients"): this seat's hand, the table,
// its game-start decisions and, in a whole game, every library action the Tabletop Simulator
// script offers, through the same JSON routes any host uses. The token comes from the URL
// fragment (`#token=...`, or `#invite=...` claimed once), which browsers never send to the
// server; it travels only in the Authorization header.
import {
  ApiError, button, cardNode, client, count, el, follow, fragment, keptCommitment, mountedAt,
  renderEnd, renderEvents, zoneName,
} from "./table.js";

const parts = location.pathname.split("/");
const gameId = decodeURIComponent(parts[parts.length - 2]);
const seat = Number(parts[parts.length - 1]);
const base = mountedAt("play");
const storeKey = `mulligan:${gameId}:${seat}`;

let api = null;
let view = null;
let busy = false;
let stale = false;
// Replies are drawn in the order their requests were sent: a view asked for before an action
// but answered after it is older than the action's reply, and is dropped.
let asked = 0;
let drawn = 0;
let endShown = false;
const events = [];
// Cards chosen in one of this seat's zones, in the order clicked: {zone: [ids]}.
let chosen = { zone: null, cards: [] };
// An open look or reveal of this seat: the order of its cards and where each goes.
const arrangement = { order: [], to: {} };
// An open search: the cards picked, in order.
let picked = [];
// What the player typed or chose, kept across redraws (every event redraws the page).
const form = { count: "1", foundTo: "hand", position: "0", reveal: false, counter: "", filter: "" };

const $ = id => document.getElementById(id);
// The event stream's state, apart from the errors of what the player did.
const connection = message => { $("connection").textContent = message; };

function showError(message) {
  $("error").textContent = message || "";
}

function nameOf(s) {
  if (s === null || s === undefined) return "nobody";
  const names = (view && view.names) || [];
  return s === seat ? "You" : (names[s] || `Player ${s + 1}`);
}

// -- joining: a token, or a one-time invite claimed for one ------------------------------------

async function join() {
  const f = fragment();
  if (f.token) {
    sessionStorage.setItem(storeKey, f.token);
    return f.token;
  }
  if (f.invite) {
    // The claimed token stays in this browser (localStorage: a reload, or the invite link
    // opened again in another tab, finds it and sends no second claim, which would be reported
    // as someone else's), never in the URL: the link keeps saying #invite=, so a player who
    // shares it later shares a refusal, not the seat.
    const kept = localStorage.getItem(storeKey);
    if (kept) return kept;
    const claim = await client(base).call("POST", `/games/${gameId}/seats/${seat}/claim`, { invite: f.invite });
    localStorage.setItem(storeKey, claim.token);
    return claim.token;
  }
  const kept = sessionStorage.getItem(storeKey) || localStorage.getItem(storeKey);
  if (kept) return kept;
  throw new Error("this link has no seat token (#token=...) nor invite (#invite=...)");
}

function refused(e) {
  const box = $("banner");
  box.hidden = false;
  box.className = "banner refused";
  if (e instanceof ApiError && (e.code === "already_claimed" || e.code === "invite_reused")) {
    box.textContent = "This seat's invite has already been used: someone opened it before you, " +
      "and the seat is theirs. If that was not one of you, tell the host: the player who holds " +
      "the seat is told too.";
  } else {
    box.textContent = `Cannot join this seat: ${e.message}`;
  }
  $("status").textContent = "not joined";
}

// -- acting ------------------------------------------------------------------------------------

// Draws the view a request answers, unless a later request's view is drawn already.
async function fetched(request) {
  const ticket = ++asked;
  const v = await request;
  if (ticket < drawn) return;
  drawn = ticket;
  render(v);
}

async function send(path, body) {
  if (busy) return;
  busy = true;
  try {
    await fetched(api.call("POST", path, body));
    showError("");
  } catch (e) {
    showError(e.message);
    await refresh();
  } finally {
    busy = false;
    if (stale) await refresh();
  }
}

function answer(decision, fields) {
  return send(`/games/${gameId}/seats/${seat}/answer`, { decision: decision.id, ...fields });
}

// A library action, numbered with this seat's next action number.
function act(action) {
  chosen = { zone: null, cards: [] };
  return send(`/games/${gameId}/seats/${seat}/actions`, { n: view.next_action, ...action });
}

// -- the game start's decisions ----------------------------------------------------------------

function renderDecision(d, box) {
  box.appendChild(el("p", { id: "kind" }, d.kind.replace(/_/g, " ")));
  if (d.kind === "choose_starting_player") {
    for (const s of d.options) {
      box.appendChild(button(s === seat ? "I play first" : `${nameOf(s)} plays first`, "choose_starting_player",
        () => answer(d, { action: "choose_starting_player", starting_seat: s })));
    }
  } else if (d.kind === "keep_or_mulligan") {
    box.appendChild(button("Keep", "keep", () => answer(d, { action: "keep" })));
    if (d.can_mulligan) box.appendChild(button("Mulligan", "mulligan", () => answer(d, { action: "mulligan" })));
    for (const c of d.actions || []) {
      box.appendChild(button(`Use ${c.name}`, "mulligan_action", () => answer(d, { action: "mulligan_action", card: c.id })));
    }
  } else if (d.kind === "bottom") {
    box.appendChild(el("p", {}, `Choose ${d.count} card(s) to put on the bottom, in order.`));
    const order = [];
    const row = el("div", { class: "cards" });
    for (const c of d.hand) {
      const tick = el("input", { type: "checkbox", "data-bottom": c.id });
      tick.addEventListener("change", () => {
        const i = order.indexOf(c.id);
        if (tick.checked && i < 0) order.push(c.id);
        if (!tick.checked && i >= 0) order.splice(i, 1);
      });
      const label = el("label", { class: "pick" });
      label.append(cardNode(c), tick);
      row.appendChild(label);
    }
    box.appendChild(row);
    box.appendChild(button(`Put ${d.count} on the bottom`, "bottom", () => answer(d, { action: "bottom", cards: order.slice() })));
  } else if (d.kind === "vancouver") {
    box.appendChild(el("p", {}, `Top card: ${d.card ? d.card.name : "hidden"}`));
    if (d.card) box.appendChild(cardNode(d.card));
    box.appendChild(button("Bottom", "vancouver", () => answer(d, { action: "vancouver", bottom: true })));
    box.appendChild(button("Keep on top", "vancouver-top", () => answer(d, { action: "vancouver", bottom: false })));
  } else if (d.kind === "opening_hand_action") {
    for (const c of d.actions || []) {
      const select = el("select", { "data-exile-for": c.id });
      select.appendChild(el("option", { value: "" }, "(exile nothing)"));
      for (const o of d.hand.filter(h => h.id !== c.id)) select.appendChild(el("option", { value: o.id }, o.name));
      box.appendChild(select);
      box.appendChild(button(`Use ${c.name}`, "opening_hand_action", () => {
        const fields = { action: "opening_hand_action", card: c.id };
        if (select.value !== "") fields.exile = Number(select.value);
        answer(d, fields);
      }));
    }
    box.appendChild(button("Pass", "pass_actions", () => answer(d, { action: "pass_actions" })));
  } else {
    box.appendChild(button("Pass", "pass_actions", () => answer(d, { action: "pass_actions" })));
  }
}

// -- this seat's cards: choose some, then say where they go ------------------------------------

const PUBLIC = ["battlefield", "graveyard", "exile"];
// The public zones a card is moved between: the command zone too (a commander, 903.9).
const MOVABLE = [...PUBLIC, "command"];

function choose(zone, id) {
  if (chosen.zone !== zone) chosen = { zone, cards: [] };
  const i = chosen.cards.indexOf(id);
  if (i >= 0) chosen.cards.splice(i, 1);
  else chosen.cards.push(id);
  render(view);
}

function selectable(zone, card, images) {
  const node = cardNode(card, { tag: "button", images: images !== false });
  node.setAttribute("data-zone", zone);
  const at = chosen.zone === zone ? chosen.cards.indexOf(card.id) : -1;
  if (at >= 0) {
    node.classList.add("chosen");
    node.setAttribute("aria-pressed", "true");
    node.appendChild(el("span", { class: "order" }, at + 1));
  }
  node.addEventListener("click", () => choose(zone, card.id));
  return node;
}

// Where the chosen cards of `zone` may go: every other zone, the library's top or bottom
// (in the order chosen, top first), or shuffled in (701.24c/d).
// Whether this game has a command zone in use (a commander or one put there).
function commander() {
  return events.some(e => e.type === "commander") || (!!view && view.seats.some(s => (s.command || []).length));
}

function moveBar(zone) {
  const bar = el("div", { class: "moves", id: `${zone}-moves` });
  if (chosen.zone !== zone || !chosen.cards.length) return bar;
  const cards = chosen.cards.slice();
  bar.appendChild(el("span", {}, `${count(cards.length, "card")}: `));
  const labels = { hand: "To hand", battlefield: "Play", graveyard: "To graveyard", exile: "Exile", command: "To command zone" };
  for (const to of ["hand", ...PUBLIC, ...(commander() ? ["command"] : [])]) {
    if (to === zone) continue;
    bar.appendChild(button(labels[to], to, () => act({ action: "move", cards, from: zone, to })));
  }
  bar.appendChild(button("On top of library", "top", () => act({ action: "put", cards, from: zone, to: "top" })));
  bar.appendChild(button("On the bottom", "bottom", () => act({ action: "put", cards, from: zone, to: "bottom" })));
  bar.appendChild(button("Shuffle into library", "shuffle_in", () => act({ action: "shuffle_in", cards, from: zone })));
  bar.appendChild(button("Cancel", "cancel", () => { chosen = { zone: null, cards: [] }; render(view); }));
  return bar;
}

function renderControls(box, me) {
  box.appendChild(el("span", { class: "label" }, `Library: ${count(me.library_size, "card")}.`));
  const label = el("label", {}, " Cards ");
  const n = el("input", { type: "number", min: "1", max: "99", id: "count" });
  n.value = form.count;
  n.addEventListener("input", () => { form.count = n.value; });
  label.appendChild(n);
  box.appendChild(label);
  const k = () => Math.max(1, Math.floor(Number(n.value)) || 1);
  box.appendChild(button("Draw", "draw", () => act({ action: "draw", count: k() })));
  box.appendChild(button("Mill", "mill", () => act({ action: "mill", count: k() })));
  box.appendChild(button("Scry / surveil", "scry", () => act({ action: "look", count: k() })));
  box.appendChild(button("Reveal", "reveal", () => act({ action: "reveal", count: k() })));
  box.appendChild(button("Search", "search", () => act({ action: "search" })));
  box.appendChild(button("Shuffle", "shuffle", () => act({ action: "shuffle" })));
  const grave = me.graveyard || [];
  box.appendChild(button("Graveyard into library", "shuffle-graveyard",
    () => act({ action: "shuffle_in", cards: grave.map(c => c.id), from: "graveyard" })));
}

// -- an open search, look or reveal ------------------------------------------------------------

function renderSearch(open, box) {
  picked = picked.filter(id => open.cards.some(c => c.id === id));
  box.appendChild(el("p", { id: "looking-kind" },
    `Searching your library (${count(open.cards.length, "card")}): choose cards, then where they go. The rest is shuffled.`));
  // A name filter, and the library by name: a 60- or 100-card list is read by name.
  const filter = el("input", { type: "search", id: "search-filter", placeholder: "Find by name", size: "24" });
  filter.value = form.filter;
  box.appendChild(filter);
  const grid = el("div", { class: "cards scroll", id: "search-cards" });
  const wanted = form.filter.trim().toLowerCase();
  const sorted = open.cards.slice().sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const nodes = [];
  for (const c of sorted) {
    const node = cardNode(c, { tag: "button" });
    node.hidden = !!wanted && !c.name.toLowerCase().includes(wanted) && !picked.includes(c.id);
    nodes.push([c, node]);
    const at = picked.indexOf(c.id);
    if (at >= 0) {
      node.classList.add("chosen");
      node.appendChild(el("span", { class: "order" }, at + 1));
    }
    node.addEventListener("click", () => {
      const i = picked.indexOf(c.id);
      if (i >= 0) picked.splice(i, 1);
      else picked.push(c.id);
      render(view);
    });
    grid.appendChild(node);
  }
  filter.addEventListener("input", () => {
    form.filter = filter.value;
    const w = filter.value.trim().toLowerCase();
    for (const [c, node] of nodes) node.hidden = !!w && !c.name.toLowerCase().includes(w) && !picked.includes(c.id);
  });
  box.appendChild(grid);
  const row = el("div", { class: "moves" });
  const to = el("select", { id: "found-to" });
  for (const z of ["hand", "battlefield", "graveyard", "exile", "top", "bottom", "library"]) {
    to.appendChild(el("option", { value: z }, z === "library" ? "the library, at a position" : zoneName(z)));
  }
  to.value = form.foundTo;
  to.addEventListener("change", () => { form.foundTo = to.value; });
  const position = el("input", { type: "number", id: "found-position", title: "0 the top, -1 the bottom" });
  position.value = form.position;
  const at = el("span", { id: "found-at" }, " position ");
  at.appendChild(position);
  at.hidden = to.value !== "library";
  to.addEventListener("change", () => { at.hidden = to.value !== "library"; });
  position.addEventListener("input", () => { form.position = position.value; });
  const reveal = el("input", { type: "checkbox", id: "found-reveal" });
  reveal.checked = form.reveal;
  reveal.addEventListener("change", () => { form.reveal = reveal.checked; });
  const revealLabel = el("label", {}, " reveal them ");
  revealLabel.prepend(reveal);
  row.append(el("span", {}, "To "), to, at, revealLabel);
  row.appendChild(button("Take the chosen cards", "found", () => {
    const body = { action: "found", cards: picked.slice(), to: to.value };
    if (to.value === "library") body.position = Math.floor(Number(position.value)) || 0;
    if (reveal.checked) body.reveal = true;
    picked = [];
    form.filter = "";
    act(body);
  }));
  row.appendChild(button("Find nothing", "found-nothing", () => { picked = []; form.filter = ""; act({ action: "found", cards: [], to: "hand" }); }));
  box.appendChild(row);
}

const DESTINATIONS = [["top", "on top"], ["bottom", "on the bottom"], ["graveyard", "to the graveyard"],
  ["hand", "into the hand"], ["exile", "into exile"], ["battlefield", "onto the battlefield"]];

function renderArrange(open, box) {
  const ids = open.cards.map(c => c.id);
  arrangement.order = arrangement.order.filter(id => ids.includes(id));
  for (const id of ids) if (!arrangement.order.includes(id)) arrangement.order.push(id);
  const verb = open.kind === "reveal" ? "Revealed to everyone" : "The top of your library, seen by you only";
  box.appendChild(el("p", { id: "looking-kind" },
    `${verb} (${count(ids.length, "card")}): say where each goes. Cards going to the same place go in this order, the first on top.`));
  const list = el("ol", { class: "arrange" });
  arrangement.order.forEach((id, i) => {
    const card = open.cards.find(c => c.id === id);
    const item = el("li", { "data-card": id });
    const select = el("select", { "data-arrange": id });
    for (const [v, label] of DESTINATIONS) select.appendChild(el("option", { value: v }, label));
    select.value = arrangement.to[id] || "top";
    select.addEventListener("change", () => { arrangement.to[id] = select.value; });
    item.append(cardNode(card), select);
    if (i > 0) {
      item.appendChild(button("\u25c0 Earlier", "earlier", () => {
        arrangement.order.splice(i, 1);
        arrangement.order.splice(i - 1, 0, id);
        render(view);
      }));
    }
    list.appendChild(item);
  });
  box.appendChild(list);
  const row = el("div", { class: "moves" });
  row.appendChild(button(open.kind === "reveal" ? "Reveal one more" : "Look at one more", "more",
    () => act({ action: open.kind === "reveal" ? "reveal" : "look", count: 1 })));
  row.appendChild(button("Done", "arrange", () => {
    const body = { action: "arrange" };
    for (const id of arrangement.order) {
      const to = arrangement.to[id] || "top";
      (body[to] = body[to] || []).push(id);
    }
    arrangement.order = [];
    for (const k of Object.keys(arrangement.to)) delete arrangement.to[k];
    act(body);
  }));
  box.appendChild(row);
}

function renderLooking(v, box) {
  for (const open of v.looking || []) {
    if (open.seat === seat && open.kind === "search") renderSearch(open, box);
    else if (open.seat === seat) renderArrange(open, box);
    else {
      const line = el("div", { class: "revealed" });
      // Another seat's reveal, or that seat's library shown to this seat (a search or look the
      // host opened for it: the host puts the cards away).
      line.appendChild(el("p", {}, open.kind === "reveal"
        ? `${nameOf(open.seat)} reveals ${count(open.cards.length, "card")}:`
        : `You see ${count(open.cards.length, "card")} of ${nameOf(open.seat)}'s library (the host puts them away):`));
      const row = el("div", { class: "cards" });
      for (const c of open.cards) row.appendChild(cardNode(c));
      line.appendChild(row);
      box.appendChild(line);
    }
  }
}

// -- the table ---------------------------------------------------------------------------------

function countersOf(s) {
  if (s.counters) return s.counters;
  return s.life === null || s.life === undefined ? {} : { life: s.life };
}

function renderCounters(s, mine) {
  const box = el("div", { class: "counters", "data-counters": s.seat });
  const counters = countersOf(s);
  const editable = mine && !!s.counters && view.whole_game && view.done && !view.ended;
  for (const [name, value] of Object.entries(counters)) {
    const item = el("span", { class: `counter ${name === "life" ? "life" : ""}`, "data-counter": name });
    item.appendChild(el("span", { class: "counter-name" }, name.replace(/_/g, " ") + " "));
    item.appendChild(el("strong", { class: "counter-value" }, value));
    if (editable) {
      for (const delta of name === "life" ? [-5, -1, 1, 5] : [-1, 1]) {
        item.appendChild(button(delta > 0 ? `+${delta}` : `${delta}`, "counter",
          () => act({ action: "counter", counter: name, delta }), { "data-delta": delta }));
      }
    }
    box.appendChild(item);
  }
  if (editable) {
    const name = el("input", { type: "text", id: "counter-name", placeholder: "poison, energy...", maxlength: "32", size: "10" });
    name.value = form.counter;
    name.addEventListener("input", () => { form.counter = name.value; });
    box.appendChild(name);
    box.appendChild(button("Add counter", "add-counter", () => {
      // A counter's name is [a-z0-9_], at most 32 characters (the core's rule).
      const counter = name.value.trim().toLowerCase().replace(/[\s-]+/g, "_").replace(/[^a-z0-9_]/g, "").slice(0, 32);
      form.counter = "";
      if (counter) act({ action: "counter", counter, delta: 1 });
    }));
  }
  return box;
}

function renderSeat(v, s, table, looking) {
  const mine = s.seat === seat;
  const box = el("section", { class: `seat${mine ? " mine" : ""}`, "data-seat": s.seat });
  const head = el("div", { class: "seat-head" });
  head.appendChild(el("strong", {}, nameOf(s.seat) + (mine && v.names ? ` (${v.names[seat]})` : "") +
    (s.seat === v.starting_player ? ", plays first" : "")));
  head.appendChild(el("span", { class: "counts" }, ` ${count(s.hand_size, "card")} in hand, ` +
    `${count(s.library_size, "card")} in library, ${count(s.mulligans, "mulligan")}${s.kept ? ", kept" : ""}`));
  head.appendChild(renderCounters(s, mine));
  box.appendChild(head);
  const piles = el("div", { class: "piles" });
  for (const zone of [...PUBLIC, "command"]) {
    const list = s[zone] || [];
    if (!list.length && !(table && PUBLIC.includes(zone))) continue;
    const line = el("div", { class: "zone", "data-zone": zone });
    line.appendChild(el("span", { class: "zone-name" }, zoneName(zone).replace(/^the /, "")));
    const row = el("div", { class: "cards" });
    if (!list.length) row.appendChild(el("span", { class: "empty" }, "empty"));
    const act = mine && table && !looking && MOVABLE.includes(zone);
    // The battlefield with images; the other piles as names, so the table fits a screen.
    const images = zone === "battlefield";
    if (!images) row.classList.add("chips");
    for (const c of list) row.appendChild(act ? selectable(zone, c, images) : cardNode(c, { images }));
    line.appendChild(row);
    (zone === "battlefield" ? box : piles).appendChild(line);
    if (act && zone === "battlefield") box.appendChild(moveBar(zone));
    else if (act) piles.appendChild(moveBar(zone));
  }
  box.appendChild(piles);
  return box;
}

function statusOf(v, table) {
  return v.ended ? "the game is over" : table ? "the game is on"
    : v.done ? "the game start is done" : v.contributing.length ? "waiting for contributions"
      : v.pending.length ? "your decision" : "waiting for the others";
}

function mergeEvents(v) {
  (v.events || []).forEach((e, i) => {
    if ((v.events_from || 0) + i === events.length) events.push(e);
  });
}

function render(v) {
  // Every redraw replaces the page's inputs: the one being typed in keeps focus and caret.
  const typing = document.activeElement && document.activeElement.id ? document.activeElement : null;
  const caret = typing && typeof typing.selectionStart === "number" ? [typing.selectionStart, typing.selectionEnd] : null;
  draw(v);
  if (typing && !document.body.contains(typing)) {
    const again = document.getElementById(typing.id);
    if (again) {
      again.focus();
      if (caret) try { again.setSelectionRange(caret[0], caret[1]); } catch (e) { /* a number input has no caret */ }
    }
  }
}

function draw(v) {
  view = v;
  keptCommitment(gameId, v);
  mergeEvents(v);
  // What the page shows, for scripts driving it (the tests): the action number it acts with next.
  document.body.dataset.nextAction = v.next_action === undefined || v.next_action === null ? "" : String(v.next_action);
  const table = v.whole_game && v.done && !v.ended;
  $("who").textContent = (v.names && v.names[seat]) || `Player ${seat + 1}`;
  $("status").textContent = statusOf(v, table);
  document.title = `${(v.names && v.names[seat]) || "A seat"}: mulligan`;
  if (v.invite_reused) {
    const banner = $("banner");
    banner.hidden = false;
    banner.className = "banner warning";
    banner.textContent = "Someone else opened this seat's invite after you. They were refused and " +
      "the seat is still yours; if you did not share the link, tell the host.";
  }
  const looking = (v.looking || []).some(o => o.seat === seat);
  const me = v.seats.find(s => s.seat === seat) || {};
  // Chosen cards that left their zone (moved from another window, milled...) are chosen no more.
  if (chosen.zone) {
    const here = chosen.zone === "hand" ? v.hand : (me[chosen.zone] || []);
    chosen.cards = chosen.cards.filter(id => here.some(c => c.id === id));
  }
  const hand = $("hand");
  const playable = table && !looking;
  hand.replaceChildren(...v.hand.map(c => (playable ? selectable("hand", c) : cardNode(c))));
  if (!v.hand.length) hand.appendChild(el("p", { class: "empty" }, "No cards in your hand."));
  $("hand-title").textContent = `Your hand (${v.hand.length})`;
  $("hand-moves").replaceWith(playable ? moveBar("hand") : el("div", { id: "hand-moves" }));
  const controls = $("controls");
  controls.replaceChildren();
  if (table && !looking) renderControls(controls, me);
  const lookBox = $("looking");
  lookBox.replaceChildren();
  if (table) renderLooking(v, lookBox);
  const pending = $("pending");
  pending.replaceChildren();
  $("decision").hidden = table || v.ended;
  if (v.pending.length) renderDecision(v.pending[0], pending);
  else if (!table) {
    pending.appendChild(el("p", {}, v.ended || v.done ? "Nothing to decide." :
      "Waiting for " + v.waiting_for.map(w => `${nameOf(w.seat)} (${w.kind.replace(/_/g, " ")})`).join(", ")));
  }
  // As at a table: the others across, this seat nearest its hand.
  const order = v.seats.filter(s => s.seat !== seat).concat(v.seats.filter(s => s.seat === seat));
  $("seats").replaceChildren(...order.map(s => renderSeat(v, s, table, looking)));
  renderEvents($("events"), events, nameOf, seat);
  // A game start alone is over at 103.8: its seed and log are public then too.
  if ((v.ended || (!v.whole_game && v.done)) && !endShown) {
    endShown = true;
    $("end").hidden = false;
    renderEnd($("end"), api, gameId, keptCommitment(gameId, v));
  }
}

async function refresh() {
  stale = false;
  try {
    await fetched(api.call("GET", `/games/${gameId}/seats/${seat}`));
  } catch (e) {
    showError(e.message);
  }
}

async function changed() {
  if (busy) stale = true;
  else await refresh();
}

async function main() {
  let token;
  try {
    token = await join();
  } catch (e) {
    refused(e);
    return;
  }
  api = client(base, token);
  // Another link pasted into this tab (another seat, or this seat's invite again) changes only
  // the fragment, which reloads nothing by itself: the page starts again from it.
  window.addEventListener("hashchange", () => location.reload());
  try {
    const first = await api.call("GET", `/games/${gameId}/events?after=0`);
    events.push(...first.events);
  } catch (e) {
    showError(e.message);
  }
  await refresh();
  // A game start ends at 103.8 unless it is a whole game; a whole game when its host ends it.
  const over = () => !!view && (view.ended || (!view.whole_game && view.done));
  // What comes with no event (a second open of this seat's invite) is read every 10 s.
  const poll = setInterval(() => { if (over()) clearInterval(poll); else changed(); }, 10000);
  await follow(api, gameId, events, changed, over,
    e => connection(`The connection to the server was lost (${e.message}); trying again...`),
    () => connection(""));
  await refresh();
}

main();
