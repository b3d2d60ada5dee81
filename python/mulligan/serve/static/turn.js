// The turn bar of the pages: whose turn it is (the view's `turn`: its number, its seat, and
// in Two-Headed Giant its team, 805), Pass turn for the active player (the next seat, or team,
// that has not left the game gets it; its permanents untap, 502.3), and Concede (104.3a).
import { button, el } from "./table.js";

/** Whether `seat` takes the current turn (alone, or with its team). */
export function activeSeat(v, seat) {
  const t = v.turn;
  return !!t && seat !== null && seat !== undefined && (t.seat === seat || (t.team || []).includes(seat));
}

/**
 * Draws the bar into `box`: "Turn 3: Ben's turn"; for the reader's seat (`ctx.seat`, with
 * `ctx.act`) Pass turn on its turn and Concede while it plays. Hidden without a turn.
 */
export function renderTurn(box, v, ctx) {
  box.replaceChildren();
  const t = v.turn;
  box.hidden = !t || !v.done;
  if (box.hidden) return;
  const team = (t.team || []).length > 1 ? t.team : [t.seat];
  const who = team.map(s => ctx.nameOf(s)).join(" and ");
  const mine = activeSeat(v, ctx.seat);
  const text = `Turn ${t.number}: ${mine ? "your turn" : `${who}'s turn`}` + (mine && team.length > 1 ? ` (with ${team.filter(s => s !== ctx.seat).map(s => ctx.nameOf(s)).join(", ")})` : "");
  box.appendChild(el("strong", { id: "turn-text", "data-turn": t.number, "data-turn-seat": t.seat }, text));
  if (!ctx.act || v.ended) return;
  const me = (v.seats || []).find(s => s.seat === ctx.seat) || {};
  if (me.conceded) {
    box.appendChild(el("span", { class: "conceded-marker" }, "You conceded."));
    return;
  }
  if (mine) {
    box.appendChild(button("Pass turn", "pass_turn", () => ctx.act({ action: "pass_turn" }),
      { title: "End your turn: the next player's turn begins and their permanents untap (502.3)" }));
  }
  box.appendChild(button("Concede", "concede", () => {
    if (confirm("Concede the game? You leave it, and cannot come back.")) ctx.act({ action: "concede" });
  }, { class: "concede", title: "Leave the game (104.3a)" }));
}
