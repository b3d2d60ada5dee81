"use strict";
const parts = location.pathname.split("/");
const gameId = decodeURIComponent(parts[parts.length - 1]);
const base = location.pathname.slice(0, location.pathname.lastIndexOf("/host/"));
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token") || "";
const headers = { "Authorization": "Bearer " + token, "Content-Type": "application/json" };
let view = null;
let next = 0;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}
function showError(message) { document.getElementById("error").textContent = message || ""; }

async function api(method, path, body) {
  const response = await fetch(base + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error ? data.error.message : "HTTP " + response.status);
  return data;
}

const PILES = ["battlefield", "graveyard", "exile", "command", "stack", "revealed"];

function render() {
  const v = view;
  document.getElementById("status").textContent = v.ended ? "the game has ended"
    : !v.done ? "the game start (mulligans)" : v.whole_game ? "the game is on" : "the game start is done";
  const box = document.getElementById("seats");
  box.replaceChildren();
  for (const s of v.seats) {
    const div = el("div", { "class": "seat" });
    div.append(el("strong", {}, v.names[s.seat] || `Seat ${s.seat + 1}`));
    const counters = Object.entries(s.counters || {}).map(([k, n]) => `${k} ${n}`).join(", ");
    div.append(el("div", { "class": "zone" },
      `hand ${s.hand_size}, library ${s.library_size}` + (counters ? `; ${counters}` : "")
      + (s.next_action ? `; next action ${s.next_action}` : "")));
    if (s.pending && s.pending.length) {
      div.append(el("div", { "class": "zone" },
        "deciding: " + s.pending.map(p => p.kind.replace(/_/g, " ")).join(", ")));
    }
    for (const pile of PILES) {
      const cards = s[pile] || [];
      if (!cards.length) continue;
      const zone = el("div", { "class": "zone" }, pile.replace(/_/g, " ") + ": ");
      for (const c of cards) zone.append(el("span", { "class": "card" }, c.name));
      div.append(zone);
    }
    box.append(div);
  }
  for (const look of v.looking || []) {
    const zone = el("div", { "class": "zone" }, `revealed from ${v.names[look.seat]}'s library: `);
    for (const c of look.cards) zone.append(el("span", { "class": "card" }, c.name));
    box.append(zone);
  }
  document.getElementById("end").hidden = !(v.whole_game && v.done && !v.ended);
}

function addEvents(events) {
  const list = document.getElementById("events");
  for (const e of events) {
    const { type, rule, ...rest } = e;
    list.append(el("li", {}, `${type} (${rule}) ${JSON.stringify(rest)}`));
  }
  list.scrollTop = list.scrollHeight;
}

async function refresh() {
  view = await api("GET", `/games/${encodeURIComponent(gameId)}`);
  render();
}

async function follow() {
  // The host's events, as nobody at the table sees them (long-poll), then the table again.
  for (;;) {
    try {
      const got = await api("GET", `/games/${encodeURIComponent(gameId)}/events?after=${next}&wait=20`);
      addEvents(got.events);
      next = got.next;
      await refresh();
      showError("");
      if (got.done && view.ended) return;
    } catch (e) {
      showError(e.message);
      await new Promise(r => setTimeout(r, 2000));
    }
  }
}

document.getElementById("end").addEventListener("click", async () => {
  if (!confirm("End the game? The seed is revealed and nothing more can happen.")) return;
  try {
    const ended = await api("POST", `/games/${encodeURIComponent(gameId)}/end`);
    document.getElementById("ended").textContent = `Ended. Seed ${ended.seed} (its SHA-256 is the commitment ${ended.commitment}).`;
    await refresh();
  } catch (e) { showError(e.message); }
});

document.getElementById("log").addEventListener("click", async () => {
  try {
    const response = await fetch(base + `/games/${encodeURIComponent(gameId)}/log`, { headers });
    if (!response.ok) {
      const data = await response.json();
      throw new Error(data.error ? data.error.message : "HTTP " + response.status);
    }
    const url = URL.createObjectURL(await response.blob());
    const a = el("a", { download: `${gameId}.jsonl` });
    a.href = url;
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  } catch (e) { showError(e.message); }
});

refresh().then(follow).catch(e => showError(e.message));
