// The seat page's library: the buttons that act on it (draw, mill, scry or surveil, reveal,
// search, shuffle, the graveyard shuffled in), a token created onto the battlefield (111), and
// an open search, look or reveal with where each card goes. `ctx` gives `act(action)`,
// `redraw()`, `view()`, `nameOf(seat)`, `seat` and `form` (what the player typed, kept across
// redraws).
import { button, cardNode, count, el, zoneName } from "./table.js";

// An open look or reveal of this seat: the order of its cards and where each goes.
const arrangement = { order: [], to: {} };
// An open search: the cards picked, in order.
let picked = [];

/** The library's buttons and the token maker; the "Cards" box says how many (back to 1 after each action). */
export function renderControls(box, me, ctx) {
  const form = ctx.form;
  const act = ctx.act;
  const row = el("div", { class: "control-row" });
  row.appendChild(el("span", { class: "label" }, `Library: ${count(me.library_size, "card")}.`));
  const label = el("label", {}, " Cards ");
  const n = el("input", { type: "number", min: "1", max: "99", id: "count" });
  n.value = form.count;
  n.addEventListener("input", () => { form.count = n.value; });
  label.appendChild(n);
  row.appendChild(label);
  const k = () => Math.max(1, Math.floor(Number(n.value)) || 1);
  row.appendChild(button("Draw", "draw", () => act({ action: "draw", count: k() })));
  row.appendChild(button("Mill", "mill", () => act({ action: "mill", count: k() })));
  row.appendChild(button("Scry / surveil", "scry", () => act({ action: "look", count: k() })));
  row.appendChild(button("Reveal", "reveal", () => act({ action: "reveal", count: k() })));
  row.appendChild(button("Search", "search", () => act({ action: "search" })));
  row.appendChild(button("Shuffle", "shuffle", () => act({ action: "shuffle" })));
  const grave = me.graveyard || [];
  row.appendChild(button("Graveyard into library", "shuffle-graveyard",
    () => act({ action: "shuffle_in", cards: grave.map(c => c.id), from: "graveyard" })));
  row.appendChild(tokenRow(ctx));
  box.appendChild(row);
}

// Tokens (111): a name and how many, onto this seat's battlefield.
function tokenRow(ctx) {
  const form = ctx.form;
  const row = el("span", { class: "token-row" });
  const name = el("input", { type: "text", id: "token-name", maxlength: "64", size: "14", placeholder: "Goblin, Treasure...",
    "aria-label": "The token's name" });
  name.value = form.tokenName;
  name.addEventListener("input", () => { form.tokenName = name.value; });
  const n = el("input", { type: "number", id: "token-count", min: "1", max: "100", "aria-label": "How many tokens" });
  n.value = form.tokenCount;
  n.addEventListener("input", () => { form.tokenCount = n.value; });
  const label = el("label", {}, "Token ");
  label.appendChild(name);
  const times = el("label", {}, " \u00d7 ");
  times.appendChild(n);
  row.append(label, times);
  row.appendChild(button("Create token", "create_token", () => {
    const text = name.value.trim();
    if (!text) {
      ctx.error("Give the token a name first.");
      return;
    }
    const count = Math.min(100, Math.max(1, Math.floor(Number(n.value)) || 1));
    form.tokenName = "";
    form.tokenCount = "1";
    ctx.act({ action: "create_token", name: text, count });
  }));
  return row;
}

function renderSearch(open, box, ctx) {
  picked = picked.filter(id => open.cards.some(c => c.id === id));
  box.appendChild(el("p", { id: "looking-kind" },
    `Searching your library (${count(open.cards.length, "card")}): choose cards, then where they go. The rest is shuffled.`));
  // A name filter, and the library by name: a 60- or 100-card list is read by name.
  const filter = el("input", { type: "search", id: "search-filter", placeholder: "Find by name", size: "24" });
  filter.value = ctx.form.filter;
  box.appendChild(filter);
  const grid = el("div", { class: "cards scroll", id: "search-cards" });
  const wanted = ctx.form.filter.trim().toLowerCase();
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
      ctx.redraw();
    });
    grid.appendChild(node);
  }
  filter.addEventListener("input", () => {
    ctx.form.filter = filter.value;
    const w = filter.value.trim().toLowerCase();
    for (const [c, node] of nodes) node.hidden = !!w && !c.name.toLowerCase().includes(w) && !picked.includes(c.id);
  });
  box.appendChild(grid);
  const row = el("div", { class: "moves" });
  const to = el("select", { id: "found-to" });
  for (const z of ["hand", "battlefield", "graveyard", "exile", "top", "bottom", "library"]) {
    to.appendChild(el("option", { value: z }, z === "library" ? "the library, at a position" : zoneName(z)));
  }
  to.value = ctx.form.foundTo;
  to.addEventListener("change", () => { ctx.form.foundTo = to.value; });
  const position = el("input", { type: "number", id: "found-position", title: "0 the top, -1 the bottom" });
  position.value = ctx.form.position;
  const at = el("span", { id: "found-at" }, " position ");
  at.appendChild(position);
  at.hidden = to.value !== "library";
  to.addEventListener("change", () => { at.hidden = to.value !== "library"; });
  position.addEventListener("input", () => { ctx.form.position = position.value; });
  const reveal = el("input", { type: "checkbox", id: "found-reveal" });
  reveal.checked = ctx.form.reveal;
  reveal.addEventListener("change", () => { ctx.form.reveal = reveal.checked; });
  const revealLabel = el("label", {}, " reveal them ");
  revealLabel.prepend(reveal);
  row.append(el("span", {}, "To "), to, at, revealLabel);
  row.appendChild(button("Take the chosen cards", "found", () => {
    const body = { action: "found", cards: picked.slice(), to: to.value };
    if (to.value === "library") body.position = Math.floor(Number(position.value)) || 0;
    if (reveal.checked) body.reveal = true;
    picked = [];
    ctx.form.filter = "";
    ctx.act(body);
  }));
  row.appendChild(button("Find nothing", "found-nothing", () => { picked = []; ctx.form.filter = ""; ctx.act({ action: "found", cards: [], to: "hand" }); }));
  box.appendChild(row);
}

const DESTINATIONS = [["top", "on top"], ["bottom", "on the bottom"], ["graveyard", "to the graveyard"],
  ["hand", "into the hand"], ["exile", "into exile"], ["battlefield", "onto the battlefield"]];

function renderArrange(open, box, ctx) {
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
        ctx.redraw();
      }));
    }
    list.appendChild(item);
  });
  box.appendChild(list);
  const row = el("div", { class: "moves" });
  row.appendChild(button(open.kind === "reveal" ? "Reveal one more" : "Look at one more", "more",
    () => ctx.act({ action: open.kind === "reveal" ? "reveal" : "look", count: 1 })));
  row.appendChild(button("Done", "arrange", () => {
    const body = { action: "arrange" };
    for (const id of arrangement.order) {
      const to = arrangement.to[id] || "top";
      (body[to] = body[to] || []).push(id);
    }
    arrangement.order = [];
    for (const k of Object.keys(arrangement.to)) delete arrangement.to[k];
    ctx.act(body);
  }));
  box.appendChild(row);
}

export function renderLooking(v, box, ctx) {
  for (const open of v.looking || []) {
    if (open.seat === ctx.seat && open.kind === "search") renderSearch(open, box, ctx);
    else if (open.seat === ctx.seat) renderArrange(open, box, ctx);
    else {
      const line = el("div", { class: "revealed" });
      // Another seat's reveal, or that seat's library shown to this seat (a search or look the
      // host opened for it: the host puts the cards away).
      line.appendChild(el("p", {}, open.kind === "reveal"
        ? `${ctx.nameOf(open.seat)} reveals ${count(open.cards.length, "card")}:`
        : `You see ${count(open.cards.length, "card")} of ${ctx.nameOf(open.seat)}'s library (the host puts them away):`));
      const row = el("div", { class: "cards" });
      for (const c of open.cards) row.appendChild(cardNode(c));
      line.appendChild(row);
      box.appendChild(line);
    }
  }
}

