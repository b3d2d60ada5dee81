"use strict";
// Every URL is relative to this page, so the server may sit under a path prefix.
const here = new URL(".", location.href);
const DECK = "20 Forest\n20 Grizzly Bears\n20 Llanowar Elves";
const FALLBACK = { variant: ["TWO_PLAYER"], mulligan: ["LONDON"] };

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function showError(message) {
  document.getElementById("error").textContent = message || "";
}

function addPlayer() {
  const box = document.getElementById("players");
  const i = box.children.length;
  const set = el("fieldset", { "class": "player" });
  set.append(el("legend", {}, `Player ${i + 1}`));
  const name = el("input", { type: "text", "class": "name", maxlength: "100" });
  name.value = `Player ${i + 1}`;
  const nameLabel = el("label", {}, "Name ");
  nameLabel.append(name);
  const deck = el("textarea", { "class": "deck", spellcheck: "false" });
  deck.value = DECK;
  const deckLabel = el("label", {}, "Deck (one card a line: 4 Lightning Bolt; Sideboard, Commander sections as exported)");
  deckLabel.append(deck);
  set.append(nameLabel, deckLabel);
  box.append(set);
}

function fill(select, names, chosen) {
  select.replaceChildren();
  for (const n of names) {
    const option = el("option", { value: n }, n.toLowerCase().replace(/_/g, " "));
    if (n === chosen) option.selected = true;
    select.append(option);
  }
}

// The variants and eras this server knows, from its own OpenAPI document (served locally).
async function loadChoices() {
  let names = FALLBACK;
  try {
    const spec = await (await fetch(new URL("openapi.json", here))).json();
    const props = spec.components.schemas.GameIn.properties;
    const enumOf = p => (p.anyOf || [p]).map(x => x.enum).find(Array.isArray);
    names = { variant: enumOf(props.variant) || FALLBACK.variant,
              mulligan: enumOf(props.mulligan) || FALLBACK.mulligan };
  } catch (e) { /* the fallback lists */ }
  fill(document.getElementById("variant"), names.variant, "TWO_PLAYER");
  fill(document.getElementById("mulligan"), names.mulligan, "LONDON");
}

function link(label, url) {
  const li = el("li");
  li.append(el("strong", {}, label + ": "));
  const a = el("a", { "class": "link" }, url);
  a.href = url;
  a.target = "_blank";
  a.rel = "noopener noreferrer";
  li.append(a);
  return li;
}

// The server's create key (mulligan serve --create-key-file), asked for only once the server
// answers 401 or 403 to a creation, and kept in this browser from then on.
const KEY = "mulligan.createKey";

function createHeaders() {
  const headers = { "Content-Type": "application/json" };
  const typed = document.getElementById("createkey").value.trim();
  if (typed) localStorage.setItem(KEY, typed);
  const key = localStorage.getItem(KEY);
  if (key) headers.Authorization = "Bearer " + key;
  return headers;
}

function askForKey(status) {
  if (status === 403) localStorage.removeItem(KEY);
  document.getElementById("createkey").value = "";
  document.getElementById("keybox").hidden = false;
  document.getElementById("createkey").focus();
}

async function create(event) {
  event.preventDefault();
  showError("");
  const players = [...document.querySelectorAll("#players .player")].map(p => ({
    name: p.querySelector(".name").value,
    deck: p.querySelector(".deck").value,
  }));
  const body = {
    players,
    variant: document.getElementById("variant").value,
    mulligan: document.getElementById("mulligan").value,
    whole_game: document.getElementById("whole").checked,
    invites: true,
  };
  const button = document.getElementById("submit");
  button.disabled = true;
  try {
    const response = await fetch(new URL("games", here), {
      method: "POST", headers: createHeaders(), body: JSON.stringify(body),
    });
    const data = await response.json();
    if (response.status === 401 || response.status === 403) askForKey(response.status);
    if (!response.ok) throw new Error(data.error ? data.error.message : "HTTP " + response.status);
    const list = document.getElementById("links");
    list.replaceChildren();
    for (const s of data.seats) {
      list.append(link(`${s.name} (seat ${s.seat + 1})`, new URL(s.play_url.replace(/^\//, ""), here).href));
    }
    list.append(link("Host (you)", new URL(data.host_url.replace(/^\//, ""), here).href));
    for (const w of data.warnings || []) list.append(el("li", { "class": "note" }, w.message));
    document.getElementById("result").hidden = false;
  } catch (e) {
    showError(e.message);
  } finally {
    button.disabled = false;
  }
}

document.getElementById("add").addEventListener("click", () => {
  if (document.querySelectorAll("#players .player").length < 16) addPlayer();
});
document.getElementById("remove").addEventListener("click", () => {
  const all = document.querySelectorAll("#players .player");
  if (all.length > 1) all[all.length - 1].remove();
});
document.getElementById("create").addEventListener("submit", create);
addPlayer();
addPlayer();
loadChoices();
