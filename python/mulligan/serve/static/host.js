// The host's page of `mulligan serve` (host.html): the public table from the host's view
// (GET /games/{id} with the host token: counts, public piles, counters, each seat's next action
// and pending decisions; never a hidden card), End (the host's alone), and after the end the
// seed, the log and its verification. The host token comes from the URL fragment. Each seat
// is drawn as the seat pages draw it (battlefield.js): tapped cards, counters, commanders,
// notices; the turn bar (turn.js) says whose turn it is.
import {
  cardNode, client, count, el, follow, fragment, keptCommitment, mountedAt, playerWords,
  rememberCards, renderEnd, renderEvents,
} from "./table.js";
import { renderSeat } from "./battlefield.js";
import { installPreview } from "./preview.js";
import { renderTurn } from "./turn.js";

const parts = location.pathname.split("/");
const gameId = decodeURIComponent(parts[parts.length - 1]);
const base = mountedAt("host");
const api = client(base, fragment().token || "");
const path = `/games/${encodeURIComponent(gameId)}`;
const events = [];
let view = null;
let endShown = false;
let asked = 0;
let drawn = 0;

const $ = id => document.getElementById(id);
// The event stream's state, apart from the errors of what the player did.
const connection = message => { $("connection").textContent = message; };
const showError = message => { $("error").textContent = playerWords(message || ""); };
const nameOf = s => (s === null || s === undefined ? "nobody" : (view && view.names[s]) || `Player ${s + 1}`);

function mergeEvents(v) {
  (v.events || []).forEach((e, i) => {
    if ((v.events_from || 0) + i === events.length) events.push(e);
  });
}

// A seat's box as every player sees it (battlefield.js), with its pending decisions.
function seatBox(v, s) {
  const counts = `${count(s.hand_size, "card")} in hand, ${count(s.library_size, "card")} in library, ` +
    `${count(s.mulligans, "mulligan")}${s.kept ? ", kept" : ""}${s.next_action ? `; next action ${s.next_action}` : ""}`;
  const extra = s.pending && s.pending.length
    ? el("div", { class: "waiting" }, "Deciding: " + s.pending.map(p => p.kind.replace(/_/g, " ")).join(", "))
    : null;
  return renderSeat(v, s, { seat: null, nameOf, act: null }, { counts, extra });
}

function render(v) {
  view = v;
  keptCommitment(gameId, v);
  rememberCards(v);
  mergeEvents(v);
  $("status").textContent = v.ended ? "the game has ended"
    : !v.done ? "the game start (mulligans)" : v.whole_game ? "the game is on" : "the game start is done";
  document.body.dataset.answers = String(v.answers);
  // Only what every player may see: a reveal (a search or a look is the looker's alone).
  const looking = $("looking");
  looking.replaceChildren();
  for (const open of v.looking || []) {
    const line = el("div", { class: "revealed" });
    line.appendChild(el("p", {}, `${nameOf(open.seat)} reveals ${count(open.cards.length, "card")}:`));
    const row = el("div", { class: "cards" });
    for (const c of open.cards) row.appendChild(cardNode(c));
    line.appendChild(row);
    looking.appendChild(line);
  }
  $("seats").className = `seats seats-${v.seats.length}`;
  $("seats").replaceChildren(...v.seats.map(s => seatBox(v, s)));
  renderTurn($("turn"), v, { seat: null, nameOf, act: null });
  $("end").hidden = !(v.whole_game && v.done && !v.ended);
  // One "Download the log": this button until the end, then the end panel's link.
  $("log").hidden = !!v.ended;
  renderEvents($("events"), events, nameOf, null);
  if (v.ended && !endShown) {
    endShown = true;
    $("ended").hidden = false;
    renderEnd($("ended"), api, gameId, keptCommitment(gameId, v));
  }
}

async function refresh() {
  const ticket = ++asked;
  try {
    const v = await api.call("GET", path);
    if (ticket < drawn) return;
    drawn = ticket;
    render(v);
    showError("");
  } catch (e) {
    showError(e.message);
  }
}

$("end").addEventListener("click", async () => {
  if (!confirm("End the game? The seed is revealed and nothing more can happen.")) return;
  try {
    await api.call("POST", `${path}/end`);
    await refresh();
  } catch (e) {
    showError(e.message);
  }
});

$("log").addEventListener("click", async () => {
  try {
    const text = await api.call("GET", `${path}/log`);
    const a = el("a", { download: `mulligan-${gameId}.jsonl` });
    a.href = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
    document.body.append(a);
    a.click();
    a.remove();
  } catch (e) {
    showError(e.message);
  }
});

async function main() {
  installPreview();
  try {
    const first = await api.call("GET", `${path}/events?after=0`);
    events.push(...first.events);
  } catch (e) {
    showError(e.message);
  }
  await refresh();
  const over = () => !!view && (view.ended || (!view.whole_game && view.done));
  await follow(api, encodeURIComponent(gameId), events, refresh, over,
    e => connection(`The connection to the server was lost (${e.message}); trying again...`),
    () => connection(""));
  await refresh();
}

main();
