// The host's page of `mulligan serve` (host.html): the public table from the host's view
// (GET /games/{id} with the host token: counts, public piles, counters, each seat's next action
// and pending decisions; never a hidden card), End (the host's alone), and after the end the
// seed, the log and its verification. The host token comes from the URL fragment.
import {
  cardNode, client, count, el, follow, fragment, keptCommitment, mountedAt, renderEnd,
  renderEvents, zoneName,
} from "./table.js";

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
const showError = message => { $("error").textContent = message || ""; };
const nameOf = s => (s === null || s === undefined ? "nobody" : (view && view.names[s]) || `Player ${s + 1}`);

function mergeEvents(v) {
  (v.events || []).forEach((e, i) => {
    if ((v.events_from || 0) + i === events.length) events.push(e);
  });
}

function renderSeat(v, s) {
  const box = el("section", { class: "seat", "data-seat": s.seat });
  const head = el("div", { class: "seat-head" });
  head.appendChild(el("strong", {}, nameOf(s.seat) + (s.seat === v.starting_player ? ", plays first" : "")));
  head.appendChild(el("span", { class: "counts" }, `${count(s.hand_size, "card")} in hand, ` +
    `${count(s.library_size, "card")} in library, ${count(s.mulligans, "mulligan")}${s.kept ? ", kept" : ""}` +
    (s.next_action ? `; next action ${s.next_action}` : "")));
  const counters = el("div", { class: "counters", "data-counters": s.seat });
  for (const [name, value] of Object.entries(s.counters || {})) {
    const item = el("span", { class: `counter ${name === "life" ? "life" : ""}`, "data-counter": name });
    item.append(el("span", { class: "counter-name" }, name.replace(/_/g, " ") + " "),
      el("strong", { class: "counter-value" }, value));
    counters.appendChild(item);
  }
  head.appendChild(counters);
  box.appendChild(head);
  if (s.pending && s.pending.length) {
    box.appendChild(el("div", { class: "waiting" },
      "Deciding: " + s.pending.map(p => p.kind.replace(/_/g, " ")).join(", ")));
  }
  const piles = el("div", { class: "piles" });
  for (const zone of ["battlefield", "graveyard", "exile", "command", "stack", "revealed"]) {
    const list = s[zone] || [];
    if (!list.length && zone !== "battlefield") continue;
    const line = el("div", { class: "zone", "data-zone": zone });
    line.appendChild(el("span", { class: "zone-name" }, zoneName(zone).replace(/^the /, "")));
    const row = el("div", { class: zone === "battlefield" ? "cards" : "cards chips" });
    if (!list.length) row.appendChild(el("span", { class: "empty" }, "empty"));
    for (const c of list) row.appendChild(cardNode(c, { images: zone === "battlefield" }));
    line.appendChild(row);
    (zone === "battlefield" ? box : piles).appendChild(line);
  }
  box.appendChild(piles);
  return box;
}

function render(v) {
  view = v;
  keptCommitment(gameId, v);
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
  $("seats").replaceChildren(...v.seats.map(s => renderSeat(v, s)));
  $("end").hidden = !(v.whole_game && v.done && !v.ended);
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
