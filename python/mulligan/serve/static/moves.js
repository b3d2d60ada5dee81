// The seat page's cards chosen for an action: a click on a card of the hand or a public zone
// chooses it (in order), and the zone's bar says where the chosen cards go; on the battlefield
// the bar also taps or untaps them and puts a counter on them. A cast is a move of a commander
// from the command zone (903.8: its tax is shown on the button).
import { button, cardNode, count, el } from "./table.js";
import { counterName, PUBLIC } from "./battlefield.js";
import { taxOf } from "./commander.js";

// Cards chosen in one of this seat's zones, in the order clicked.
let chosen = { zone: null, cards: [] };

export function clearChosen() {
  chosen = { zone: null, cards: [] };
}

/** Chosen cards that left their zone (moved from another window, milled...) are chosen no more. */
export function keepChosen(v, me) {
  if (!chosen.zone) return;
  const here = chosen.zone === "hand" ? v.hand : (me[chosen.zone] || []);
  chosen.cards = chosen.cards.filter(id => here.some(c => c.id === id));
}

/** A card of this seat's `zone` that a click chooses (or no longer chooses). */
export function selectable(ctx, zone, card, images) {
  const node = cardNode(card, { tag: "button", images: images !== false });
  node.setAttribute("data-zone", zone);
  const at = chosen.zone === zone ? chosen.cards.indexOf(card.id) : -1;
  node.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
  if (at >= 0) {
    node.classList.add("chosen");
    node.appendChild(el("span", { class: "order" }, at + 1));
  }
  node.addEventListener("click", () => {
    if (chosen.zone !== zone) chosen = { zone, cards: [] };
    const i = chosen.cards.indexOf(card.id);
    if (i >= 0) chosen.cards.splice(i, 1);
    else chosen.cards.push(card.id);
    ctx.redraw();
    // The bar of what to do with them comes into view (above the docked hand).
    const bar = document.getElementById(`${zone}-moves`);
    if (bar && chosen.cards.length) bar.scrollIntoView({ block: "nearest" });
  });
  return node;
}

// Whether this game has a command zone in use (a commander or one put there).
function commanderGame(ctx) {
  const v = ctx.view();
  return ctx.events.some(e => e.type === "commander") || v.seats.some(s => (s.command || []).length || (s.commanders || []).length);
}

const LABELS = { hand: "To hand", battlefield: "Play", graveyard: "To graveyard", exile: "Exile", command: "To command zone" };

// What the chosen cards of the battlefield may have done to them besides a move: tap, untap,
// a counter on each (one action each).
function permanentButtons(ctx, bar, cards) {
  const me = ctx.view().seats.find(s => s.seat === ctx.seat) || {};
  const on = (me.battlefield || []).filter(c => cards.includes(c.id));
  const untapped = on.filter(c => !c.tapped).map(c => c.id);
  const tapped = on.filter(c => c.tapped).map(c => c.id);
  if (untapped.length) bar.appendChild(button(`Tap ${count(untapped.length, "card")}`, "tap-chosen", () => ctx.act({ action: "tap", cards: untapped })));
  if (tapped.length) bar.appendChild(button(`Untap ${count(tapped.length, "card")}`, "untap-chosen", () => ctx.act({ action: "untap", cards: tapped })));
  const name = el("input", { type: "text", id: "card-counter-name", list: "counter-names", size: "8", maxlength: "32",
    placeholder: "+1/+1", "aria-label": "The counter to put on the chosen cards (+1/+1, loyalty...)" });
  name.value = ctx.form.cardCounter;
  name.addEventListener("input", () => { ctx.form.cardCounter = name.value; });
  const names = el("datalist", { id: "counter-names" });
  for (const n of ["+1/+1", "-1/-1", "loyalty", "charge", "shield", "stun", "time"]) names.appendChild(el("option", { value: n }));
  bar.append(name, names);
  bar.appendChild(button("Put a counter on each", "card-counter-add", async () => {
    const counter = counterName(name.value || "+1/+1");
    ctx.form.cardCounter = "";
    if (!counter) return;
    for (const card of cards) await ctx.act({ action: "counter", counter, delta: 1, card });
  }, { title: "One counter of that kind on each chosen card" }));
}

/**
 * The bar of `zone`'s chosen cards: every other zone, the library's top or bottom (in the
 * order chosen, top first), or shuffled in (701.24c/d); empty when nothing is chosen.
 */
export function moveBar(ctx, zone) {
  const bar = el("div", { class: "moves", id: `${zone}-moves` });
  if (chosen.zone !== zone || !chosen.cards.length) return bar;
  const cards = chosen.cards.slice();
  bar.appendChild(el("span", {}, `${count(cards.length, "card")}: `));
  const me = ctx.view().seats.find(s => s.seat === ctx.seat) || {};
  const commanders = (me.commanders || []).filter(c => cards.includes(c.id));
  for (const to of ["hand", ...PUBLIC, ...(commanderGame(ctx) ? ["command"] : [])]) {
    if (to === zone) continue;
    let label = LABELS[to];
    // A commander cast from the command zone: its tax (903.8).
    if (zone === "command" && to === "battlefield" && commanders.length === 1) label = `Cast (tax {${taxOf(commanders[0])}})`;
    bar.appendChild(button(label, to, () => ctx.act({ action: "move", cards, from: zone, to })));
  }
  bar.appendChild(button("On top of library", "top", () => ctx.act({ action: "put", cards, from: zone, to: "top" })));
  bar.appendChild(button("On the bottom", "bottom", () => ctx.act({ action: "put", cards, from: zone, to: "bottom" })));
  bar.appendChild(button("Shuffle into library", "shuffle_in", () => ctx.act({ action: "shuffle_in", cards, from: zone })));
  if (zone === "battlefield") permanentButtons(ctx, bar, cards);
  bar.appendChild(button("Cancel", "cancel", () => { clearChosen(); ctx.redraw(); }));
  return bar;
}
