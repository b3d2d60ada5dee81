// Commander on the pages: each commander's casts from the command zone and the tax shown for
// the next (903.8), the combat damage a player took from each commander (903.10a) with
// buttons for the player who takes it, and the notices of a seat (704.5a life, 704.5c poison,
// 704.6a/b a Two-Headed Giant team's, 704.6c 21 damage from one commander): shown, never
// enforced. Every text goes through textContent.
import { button, el } from "./table.js";

/** The tax of a commander's next cast: {2} for each earlier cast (903.8). */
export function taxOf(c) {
  return typeof c.tax === "number" ? c.tax : 2 * (c.casts || 0);
}

/** "Omnath: cast twice, tax {4}" for each of the seat's commanders; null when it has none. */
export function commanderLines(s, ctx) {
  const list = s.commanders || [];
  if (!list.length) return null;
  const box = el("div", { class: "commanders" });
  for (const c of list) {
    const casts = c.casts || 0;
    const line = el("span", { class: "commander", "data-commander": c.id });
    line.appendChild(el("span", { class: "commander-name" }, c.name));
    line.appendChild(el("span", { class: "commander-casts" },
      `: cast ${casts === 1 ? "once" : casts === 2 ? "twice" : `${casts} times`}, `));
    line.appendChild(el("strong", { class: "commander-tax", title: "903.8: {2} more for each earlier cast from the command zone" },
      `tax {${taxOf(c)}}`));
    box.appendChild(line);
  }
  return box;
}

/** Every commander at the table with its owner: [{seat, id, name}]. */
function allCommanders(v) {
  const out = [];
  for (const o of v.seats || []) for (const c of o.commanders || []) out.push({ seat: o.seat, id: c.id, name: c.name });
  return out;
}

/** The damage seat `s` took from seat `c.seat`'s commander `c.id` (903.10a; ids are per deck). */
export function damageFrom(s, c) {
  const taken = (s.commander_damage || []).find(d => d.seat === c.seat && d.id === c.id);
  return taken ? Number(taken.damage) : 0;
}

/**
 * The commander damage seat `s` took: a line per commander (of the other seats), with -1/+1
 * buttons when the reader is that seat (`ctx.act`); for others only what is not 0.
 */
export function damageBox(v, s, ctx) {
  const editable = !!ctx.act && !s.conceded;
  const rows = allCommanders(v).filter(c => c.seat !== s.seat)
    .map(c => [c, damageFrom(s, c)]).filter(([, n]) => editable || n > 0);
  if (!rows.length) return null;
  const box = el("div", { class: "commander-damage", "data-damage-to": s.seat });
  const to = s.seat === ctx.seat ? "you" : ctx.nameOf(s.seat);
  box.appendChild(el("span", { class: "zone-name" }, "commander damage"));
  for (const [c, n] of rows) {
    const whose = `${c.seat === ctx.seat ? "your" : `${ctx.nameOf(c.seat)}'s`} ${c.name}`;
    const line = el("span", { class: "damage", "data-commander": c.id, "data-from": c.seat });
    line.appendChild(el("span", {}, `from ${whose}: `));
    line.appendChild(el("strong", { class: "counter-value" }, n));
    if (editable) {
      for (const delta of [-1, 1, 5]) {
        const change = delta > 0 ? `+${delta}` : `${delta}`;
        const label = `Commander damage to ${to} from ${whose} ${change}`;
        line.appendChild(button(change, "commander_damage",
          () => ctx.act({ action: "commander_damage", owner: c.seat, commander: c.id, delta }),
          { "data-delta": delta, "aria-label": label, title: label }));
      }
    }
    box.appendChild(line);
  }
  return box;
}

/** The seat's notices (life, poison, commander damage): the rule and the server's words. */
export function noticeList(s, ctx) {
  const list = s.notices || [];
  if (!list.length) return null;
  const box = el("div", { class: "notices", role: "status" });
  for (const n of list) {
    box.appendChild(el("p", { class: "notice", "data-rule": n.rule, "data-kind": n.kind },
      `${ctx.nameOf(s.seat)}: ${n.text} [${n.rule}]`));
  }
  return box;
}
