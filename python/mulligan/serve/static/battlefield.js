// One seat of the table as the seat page (play.js) and the host's page (host.js) draw it: its
// counts and counters, its battlefield (each permanent turned when tapped, with its counters),
// its graveyard, exile and command zone, its commanders' tax and the commander damage it took,
// and its notices (704.5a/c, 704.6a/b/c). Every text goes through textContent.
//
// `ctx` says who reads and what they may change: `seat` (the reader's seat; null for the host),
// `nameOf(seat)`, `act(action)` (null: nothing is changed from here), and for the reader's own
// seat `selectable(zone, card, images)` and `moveBar(zone)` (the cards chosen for a move).
import { button, cardNode, el, zoneName } from "./table.js";
import { commanderLines, damageBox, noticeList } from "./commander.js";

export const PUBLIC = ["battlefield", "graveyard", "exile"];
// The public zones a card is moved between: the command zone too (a commander, 903.9).
export const MOVABLE = [...PUBLIC, "command"];

/** A counter's name as words: `p1p1` "+1/+1", `m1m1` "-1/-1", `poison_x` "poison x". */
export function counterWords(name) {
  if (name === "p1p1") return "+1/+1";
  if (name === "m1m1") return "-1/-1";
  return String(name).replace(/_/g, " ");
}

/** A button changing one counter by `delta`: its text the change, its label what it changes. */
export function deltaButton(what, delta, action, onClick, attrs) {
  const change = delta > 0 ? `+${delta}` : `${delta}`;
  const label = `${what} ${change}`;
  return button(change, action, onClick, { "data-delta": delta, "aria-label": label, title: label, ...(attrs || {}) });
}

function countersOf(s) {
  if (s.counters) return s.counters;
  return s.life === null || s.life === undefined ? {} : { life: s.life };
}

/** The seat's own counters (life, poison...), with buttons on the reader's own seat. */
function seatCounters(s, ctx, form) {
  const box = el("div", { class: "counters", "data-counters": s.seat });
  const editable = !!ctx.act && !!s.counters;
  const whose = s.seat === ctx.seat ? "your" : `${ctx.nameOf(s.seat)}'s`;
  for (const [name, value] of Object.entries(countersOf(s))) {
    const item = el("span", { class: `counter ${name === "life" ? "life" : ""}`, "data-counter": name });
    item.appendChild(el("span", { class: "counter-name" }, counterWords(name) + " "));
    item.appendChild(el("strong", { class: "counter-value" }, value));
    if (editable) {
      for (const delta of name === "life" ? [-5, -1, 1, 5] : [-1, 1]) {
        item.appendChild(deltaButton(`${whose} ${counterWords(name)}`, delta, "counter",
          () => ctx.act({ action: "counter", counter: name, delta })));
      }
    }
    box.appendChild(item);
  }
  if (editable && form) {
    const name = el("input", { type: "text", id: "counter-name", placeholder: "poison, energy...", maxlength: "32", size: "10",
      "aria-label": "A counter of yours to add (poison, energy...)" });
    name.value = form.counter;
    name.addEventListener("input", () => { form.counter = name.value; });
    box.appendChild(name);
    box.appendChild(button("Add counter", "add-counter", () => {
      const counter = counterName(name.value);
      form.counter = "";
      if (counter) ctx.act({ action: "counter", counter, delta: 1 });
    }));
  }
  return box;
}

/** A counter's name in the core's form: [a-z0-9_], at most 32 characters; "+1/+1" is p1p1. */
export function counterName(text) {
  const t = String(text).trim().toLowerCase();
  if (t === "+1/+1") return "p1p1";
  if (t === "-1/-1") return "m1m1";
  return t.replace(/[\s-]+/g, "_").replace(/[^a-z0-9_]/g, "").slice(0, 32);
}

/**
 * A permanent: the card (turned when tapped, 701.26a), "token" on a token, its counters, and
 * on the reader's own battlefield a Tap/Untap button and buttons for each counter.
 */
function permanent(card, ctx, own) {
  const box = el("div", { class: `permanent${card.tapped ? " tapped" : ""}${card.token ? " token" : ""}`,
    "data-permanent": card.id });
  const node = own ? ctx.selectable("battlefield", card, true) : cardNode(card);
  if (card.tapped) node.setAttribute("data-tapped", "true");
  box.appendChild(el("div", { class: "turnable" })).appendChild(node);
  const notes = el("div", { class: "perm-notes" });
  if (card.token) notes.appendChild(el("span", { class: "token-badge" }, "token"));
  if (card.tapped) notes.appendChild(el("span", { class: "tapped-badge" }, "tapped"));
  for (const [name, value] of Object.entries(card.counters || {})) {
    const chip = el("span", { class: "card-counter", "data-counter": name });
    chip.appendChild(el("span", { class: "counter-value" }, `${counterWords(name)}: ${value}`));
    if (own) {
      for (const delta of [-1, 1]) {
        chip.appendChild(deltaButton(`${counterWords(name)} counters on ${card.name}`, delta, "card-counter",
          () => ctx.act({ action: "counter", counter: name, delta, card: card.id })));
      }
    }
    notes.appendChild(chip);
  }
  if (own) {
    const verb = card.tapped ? "untap" : "tap";
    notes.appendChild(button(card.tapped ? "Untap" : "Tap", verb, () => ctx.act({ action: verb, cards: [card.id] }),
      { "aria-label": `${card.tapped ? "Untap" : "Tap"} ${card.name}`, class: "tap" }));
  }
  box.appendChild(notes);
  return box;
}

function battlefield(s, ctx, own) {
  const line = el("div", { class: "zone", "data-zone": "battlefield" });
  line.appendChild(el("span", { class: "zone-name" }, "battlefield"));
  const row = el("div", { class: "cards battlefield" });
  const list = s.battlefield || [];
  if (!list.length) row.appendChild(el("span", { class: "empty" }, "empty"));
  for (const c of list) row.appendChild(permanent(c, ctx, own));
  line.appendChild(row);
  return line;
}

/**
 * One seat's box. `table` says the whole game is on (the public zones shown even when empty);
 * `own` that the reader acts on this seat's cards from here; `form` keeps what the reader typed.
 */
export function renderSeat(v, s, ctx, options) {
  const o = options || {};
  const own = !!o.own;
  const box = el("section", { class: `seat${s.seat === ctx.seat ? " mine" : ""}${s.conceded ? " conceded" : ""}`,
    "data-seat": s.seat, "aria-label": ctx.nameOf(s.seat) });
  const turn = v.turn && (v.turn.seat === s.seat || (v.turn.team || []).includes(s.seat));
  if (turn) box.classList.add("active");
  const head = el("div", { class: "seat-head" });
  head.appendChild(el("strong", {}, (o.title || ctx.nameOf(s.seat)) + (s.seat === v.starting_player ? ", plays first" : "")));
  if (turn) head.appendChild(el("span", { class: "turn-marker" }, "this turn"));
  if (s.conceded) head.appendChild(el("span", { class: "conceded-marker" }, "conceded"));
  head.appendChild(el("span", { class: "counts" }, o.counts));
  head.appendChild(seatCounters(s, ctx, o.form));
  box.appendChild(head);
  const notices = noticeList(s, ctx);
  if (notices) box.appendChild(notices);
  if (o.extra) box.appendChild(o.extra);
  const commanders = commanderLines(s, ctx);
  if (commanders) box.appendChild(commanders);
  box.appendChild(battlefield(s, ctx, own));
  if (own) box.appendChild(ctx.moveBar("battlefield"));
  const piles = el("div", { class: "piles" });
  for (const zone of ["graveyard", "exile", "command", "stack", "revealed"]) {
    const list = s[zone] || [];
    if (!list.length && !(o.table && PUBLIC.includes(zone))) continue;
    const line = el("div", { class: "zone", "data-zone": zone });
    line.appendChild(el("span", { class: "zone-name" }, zoneName(zone).replace(/^the /, "")));
    const row = el("div", { class: "cards chips" });
    if (!list.length) row.appendChild(el("span", { class: "empty" }, "empty"));
    const movable = own && MOVABLE.includes(zone);
    for (const c of list) row.appendChild(movable ? ctx.selectable(zone, c, false) : cardNode(c, { images: false }));
    line.appendChild(row);
    piles.appendChild(line);
    if (movable) piles.appendChild(ctx.moveBar(zone));
  }
  box.appendChild(piles);
  const damage = damageBox(v, s, ctx);
  if (damage) box.appendChild(damage);
  return box;
}
