// The seat page of `mulligan serve` (docs/SERVE.md, "Clients"): this seat's hand, the table,
// its game-start decisions and, in a whole game, every library action the Tabletop Simulator
// script offers and the table's own (tap, turns, tokens, counters, commander damage, concede),
// through the same JSON routes any host uses. The token comes from the URL fragment
// (`#token=...`, or `#invite=...` claimed once), which browsers never send to the server; it
// travels only in the Authorization header. This file joins, acts and draws; the parts are
// decisions.js (the game start), library.js (the library and tokens), moves.js (cards chosen
// and where they go), battlefield.js and commander.js (a seat of the table), turn.js (the turn
// bar) and preview.js (a card shown large).
import {
  ApiError, cardNode, client, count, el, follow, fragment, keptCommitment, mountedAt,
  playerWords, rememberCards, renderEnd, renderEvents,
} from "./table.js";
import { renderSeat } from "./battlefield.js";
import { renderDecision } from "./decisions.js";
import { renderControls, renderLooking } from "./library.js";
import { clearChosen, keepChosen, moveBar, selectable } from "./moves.js";
import { installPreview } from "./preview.js";
import { activeSeat, renderTurn } from "./turn.js";

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
// What the player typed or chose, kept across redraws (every event redraws the page).
const form = {
  count: "1", foundTo: "hand", position: "0", reveal: false, counter: "", filter: "",
  tokenName: "", tokenCount: "1", cardCounter: "",
};

const $ = id => document.getElementById(id);
// The event stream's state, apart from the errors of what the player did.
const connection = message => { $("connection").textContent = message; };

// The server's messages name a player as the API does (`players[0]`); the page, as its form,
// from 1 ("Player 1").
function showError(message) {
  $("error").textContent = playerWords(message || "");
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

// An action of the table, numbered with this seat's next action number. The "Cards" box
// goes back to 1 after each (a Draw after a Brainstorm's 3 draws 1).
function act(action) {
  clearChosen();
  form.count = "1";
  return send(`/games/${gameId}/seats/${seat}/actions`, { n: view.next_action, ...action });
}

// What the parts of the page (decisions.js, library.js, moves.js, battlefield.js, turn.js)
// read and call.
const ctx = {
  seat, form, events, act, answer, nameOf,
  view: () => view,
  redraw: () => render(view),
  error: showError,
  selectable: (zone, card, images) => selectable(ctx, zone, card, images),
  moveBar: zone => moveBar(ctx, zone),
};

function statusOf(v, table, me) {
  return v.ended ? "the game is over" : me.conceded ? "you conceded" : table ? "the game is on"
    : v.done ? "the game start is done" : v.contributing.length ? "waiting for contributions"
      : v.pending.length ? "your decision" : "waiting for the others";
}

function mergeEvents(v) {
  (v.events || []).forEach((e, i) => {
    if ((v.events_from || 0) + i === events.length) events.push(e);
  });
}

// The attributes that say which control a node is, from its seat down to its button.
const KEYS = ["data-seat", "data-zone", "data-permanent", "data-card", "data-counter", "data-commander", "data-from",
  "data-action", "data-delta"];

// A selector finding the same control after a redraw: its id, or its keys and its ancestors'.
function focusPath(node) {
  const parts = [];
  for (let n = node; n && n !== document.body; n = n.parentElement) {
    if (n.id) {
      parts.unshift(`#${CSS.escape(n.id)}`);
      break;
    }
    const keys = KEYS.filter(k => n.hasAttribute(k));
    if (keys.length) parts.unshift(n.tagName.toLowerCase() + keys.map(k => `[${k}="${CSS.escape(n.getAttribute(k))}"]`).join(""));
  }
  return parts.join(" ");
}

function render(v) {
  // Every redraw replaces the page's controls: the one with the focus (a field being typed
  // in, a button pressed from the keyboard) keeps it, and a field its caret. A button that
  // changed (Tap became Untap) gives it to the first button of its card.
  const focused = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  const path = focused ? focusPath(focused) : "";
  const caret = focused && typeof focused.selectionStart === "number" ? [focused.selectionStart, focused.selectionEnd] : null;
  draw(v);
  if (!focused || !path || document.body.contains(focused)) return;
  const swapped = path.replace(/\[data-action="(un)?tap"\]$/, (_, un) => `[data-action="${un ? "" : "un"}tap"]`);
  const again = document.querySelector(path) || document.querySelector(swapped) ||
    document.querySelector(path.replace(/\[data-action="[^"]*"\](\[data-delta="[^"]*"\])?$/, ""));
  if (!again) return;
  const target = again.matches("button, input, select, textarea") ? again : again.querySelector("button");
  if (!target) return;
  target.focus({ preventScroll: true });
  if (caret) try { target.setSelectionRange(caret[0], caret[1]); } catch (e) { /* a number input has no caret */ }
}

function draw(v) {
  view = v;
  keptCommitment(gameId, v);
  rememberCards(v);
  mergeEvents(v);
  // What the page shows, for scripts driving it (the tests): the action number it acts with next.
  document.body.dataset.nextAction = v.next_action === undefined || v.next_action === null ? "" : String(v.next_action);
  const me = v.seats.find(s => s.seat === seat) || {};
  const table = v.whole_game && v.done && !v.ended && !me.conceded;
  $("who").textContent = (v.names && v.names[seat]) || `Player ${seat + 1}`;
  $("status").textContent = statusOf(v, table, me);
  document.title = `${activeSeat(v, seat) && table ? "(your turn) " : ""}${(v.names && v.names[seat]) || "A seat"}: mulligan`;
  if (v.invite_reused) {
    const banner = $("banner");
    banner.hidden = false;
    banner.className = "banner warning";
    banner.textContent = "Someone else opened this seat's invite after you. They were refused and " +
      "the seat is still yours; if you did not share the link, tell the host.";
  }
  const looking = (v.looking || []).some(o => o.seat === seat);
  keepChosen(v, me);
  const hand = $("hand");
  const playable = table && !looking;
  hand.replaceChildren(...v.hand.map(c => (playable ? ctx.selectable("hand", c) : cardNode(c))));
  if (!v.hand.length) hand.appendChild(el("p", { class: "empty" }, "No cards in your hand."));
  $("hand-title").textContent = `Your hand (${v.hand.length})`;
  $("hand-moves").replaceWith(playable ? ctx.moveBar("hand") : el("div", { id: "hand-moves" }));
  const controls = $("controls");
  controls.replaceChildren();
  if (table && !looking) renderControls(controls, me, ctx);
  const lookBox = $("looking");
  lookBox.replaceChildren();
  if (table) renderLooking(v, lookBox, ctx);
  renderTurn($("turn"), v, { ...ctx, act: table || me.conceded ? act : null });
  const pending = $("pending");
  pending.replaceChildren();
  $("decision").hidden = table || v.ended;
  if (v.pending.length) renderDecision(v.pending[0], pending, ctx);
  else if (!table) {
    pending.appendChild(el("p", {}, v.ended || v.done ? "Nothing to decide." :
      "Waiting for " + v.waiting_for.map(w => `${nameOf(w.seat)} (${w.kind.replace(/_/g, " ")})`).join(", ")));
  }
  // As at a table: the others across, this seat nearest its hand.
  const order = v.seats.filter(s => s.seat !== seat).concat(v.seats.filter(s => s.seat === seat));
  const others = order.filter(s => s.seat !== seat);
  $("seats").className = `seats seats-${others.length}`;
  $("seats").replaceChildren(...order.map(s => seatBox(v, s, table, looking)));
  renderEvents($("events"), events, nameOf, seat);
  // Nothing scrolled to (a control reached by the keyboard, a card) hides under the docked
  // hand: the page's scroll stops that much above the dock (CSSOM, allowed by the policy).
  const dock = $("dock");
  const docked = getComputedStyle(dock).position === "sticky";
  document.documentElement.style.scrollPaddingBottom = docked ? `${dock.offsetHeight + 8}px` : "";
  // A game start alone is over at 103.8: its seed and log are public then too.
  if ((v.ended || (!v.whole_game && v.done)) && !endShown) {
    endShown = true;
    $("end").hidden = false;
    renderEnd($("end"), api, gameId, keptCommitment(gameId, v));
  }
}

// A seat's box: the reader's own with its buttons (none while a look or search is open).
function seatBox(v, s, table, looking) {
  const mine = s.seat === seat;
  const counts = ` ${count(s.hand_size, "card")} in hand, ${count(s.library_size, "card")} in library, ` +
    `${count(s.mulligans, "mulligan")}${s.kept ? ", kept" : ""}`;
  const own = mine && table && !looking;
  return renderSeat(v, s, { ...ctx, act: mine && table ? act : null }, {
    own, table, counts, form: mine ? form : null,
    title: nameOf(s.seat) + (mine && v.names ? ` (${v.names[seat]})` : ""),
  });
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
  installPreview();
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
