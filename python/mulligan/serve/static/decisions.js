// The seat page's game-start decisions (rule 103): who plays first, keep or mulligan, the
// cards put on the bottom, a Vancouver scry, and the opening hand's actions. `ctx.answer`
// sends one answer; `ctx.nameOf` names a seat.
import { button, cardNode, el } from "./table.js";

export function renderDecision(d, box, ctx) {
  const answer = fields => ctx.answer(d, fields);
  box.appendChild(el("p", { id: "kind" }, d.kind.replace(/_/g, " ")));
  if (d.kind === "choose_starting_player") {
    for (const s of d.options) {
      box.appendChild(button(s === ctx.seat ? "I play first" : `${ctx.nameOf(s)} plays first`, "choose_starting_player",
        () => answer({ action: "choose_starting_player", starting_seat: s })));
    }
  } else if (d.kind === "keep_or_mulligan") {
    box.appendChild(button("Keep", "keep", () => answer({ action: "keep" })));
    if (d.can_mulligan) box.appendChild(button("Mulligan", "mulligan", () => answer({ action: "mulligan" })));
    for (const c of d.actions || []) {
      box.appendChild(button(`Use ${c.name}`, "mulligan_action", () => answer({ action: "mulligan_action", card: c.id })));
    }
  } else if (d.kind === "bottom") {
    box.appendChild(el("p", {}, `Choose ${d.count} card(s) to put on the bottom, in order.`));
    const order = [];
    const row = el("div", { class: "cards" });
    for (const c of d.hand) {
      const tick = el("input", { type: "checkbox", "data-bottom": c.id, "aria-label": `Put ${c.name} on the bottom` });
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
    box.appendChild(button(`Put ${d.count} on the bottom`, "bottom", () => answer({ action: "bottom", cards: order.slice() })));
  } else if (d.kind === "vancouver") {
    box.appendChild(el("p", {}, `Top card: ${d.card ? d.card.name : "hidden"}`));
    if (d.card) box.appendChild(cardNode(d.card));
    box.appendChild(button("Bottom", "vancouver", () => answer({ action: "vancouver", bottom: true })));
    box.appendChild(button("Keep on top", "vancouver-top", () => answer({ action: "vancouver", bottom: false })));
  } else if (d.kind === "opening_hand_action") {
    for (const c of d.actions || []) {
      const select = el("select", { "data-exile-for": c.id, "aria-label": `What ${c.name} exiles` });
      select.appendChild(el("option", { value: "" }, "(exile nothing)"));
      for (const o of d.hand.filter(h => h.id !== c.id)) select.appendChild(el("option", { value: o.id }, o.name));
      box.appendChild(select);
      box.appendChild(button(`Use ${c.name}`, "opening_hand_action", () => {
        const fields = { action: "opening_hand_action", card: c.id };
        if (select.value !== "") fields.exile = Number(select.value);
        answer(fields);
      }));
    }
    box.appendChild(button("Pass", "pass_actions", () => answer({ action: "pass_actions" })));
  } else {
    box.appendChild(button("Pass", "pass_actions", () => answer({ action: "pass_actions" })));
  }
}
