"use strict";
import { playerWords } from "./table.js";

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

// The server's messages name a player by the API's index (`players[0]`); the form numbers
// them from 1, and so do its messages ("Player 1", playerWords).
function showError(message) {
  document.getElementById("error").textContent = playerWords(message || "");
}

// -- before creating: no empty deck, and unknown card names confirmed ---------------------------

// Set by "Create the game anyway": the next submission skips the deck check once.
let confirmed = false;

// The deck check's unknown names of one player ({name: [nearest known names]}): [{name, suggestions}].
function unknownOf(p) {
  return Object.entries(p.unknown || {}).map(([name, suggestions]) => ({ name, suggestions }));
}

// A deck with no card line is refused before anything is sent (the server refuses it too).
function emptyDeck(players) {
  const i = players.findIndex(p => !p.deck.split("\n").some(line => /^\s*\d*\s*[^\s#/]/.test(line)));
  return i < 0 ? "" : `Player ${i + 1} (${players[i].name}): the deck has no cards.`;
}

/**
 * Whether the game may be created now: no empty deck, and the decks read by the server's deck
 * check (POST /decks/check: no game is created) name no card it does not know, or the player
 * confirmed them. Otherwise the names are shown, with the server's suggestions, and the page
 * waits for "Create the game anyway" or a fix.
 */
async function ready(players) {
  document.getElementById("check").hidden = true;
  const refused = emptyDeck(players);
  if (refused) {
    showError(refused);
    return false;
  }
  if (confirmed) {
    confirmed = false;
    return true;
  }
  const response = await fetch(new URL("decks/check", here), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ players }),
  });
  // A server without the check: the game's own warnings say the same, after.
  if (response.status === 404 || response.status === 405) return true;
  const data = await response.json();
  if (!response.ok) {
    showError(data.error ? data.error.message : "HTTP " + response.status);
    return false;
  }
  const read = data.players || [];
  // What POST /games would refuse (an empty deck, an unreadable list): said before it is sent.
  const refusedAt = read.findIndex(p => p.error || p.cards === 0);
  if (refusedAt >= 0) {
    const why = read[refusedAt].error || "the deck has no cards.";
    showError(`Player ${refusedAt + 1} (${players[refusedAt].name}): ${why}`);
    return false;
  }
  const list = document.getElementById("unknown");
  list.replaceChildren();
  read.forEach((p, i) => {
    for (const u of unknownOf(p)) {
      const item = el("li", { "class": "unknown", "data-player": i });
      item.append(el("strong", {}, `Player ${i + 1} (${players[i].name}): `), el("span", { "class": "unknown-name" }, u.name));
      const ideas = u.suggestions || [];
      item.append(el("span", {}, ideas.length ? `: did you mean ${ideas.map(x => `"${x}"`).join(" or ")}?` : ": no close name known."));
      list.append(item);
    }
  });
  if (!list.children.length) return true;
  document.getElementById("check").hidden = false;
  document.getElementById("check-create").focus();
  return false;
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

// -- creating safely: one Idempotency-Key per form submission -----------------------------------
// A fresh random key for each new submission; a retry of the same submission (the same form,
// after an error or a lost reply) sends the same key, so the server answers it with the game
// the first one created, never a second game (docs/SERVE.md, "Resending a creation").
let submission = null;

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // (crypto.randomUUID needs HTTPS; this works on a LAN too)
  return "landing-" + Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
}

function keyFor(text) {
  if (!submission || submission.text !== text) submission = { text, key: newKey() };
  return submission.key;
}

// Whether a link opens only on this computer (localhost, 127.x, [::1]): said next to the links.
function loopbackOnly(href) {
  const host = new URL(href).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1";
}

function showReach(hrefs) {
  const note = document.getElementById("reach");
  const here = hrefs.some(loopbackOnly);
  note.hidden = !here;
  note.textContent = here
    ? "These links open only on this computer: they start with " + new URL(hrefs[0]).origin +
      ". For players elsewhere, open this page at an address they can reach (mulligan serve " +
      "prints one per network address with --host 0.0.0.0), or start the server with " +
      "--public-url (docs/DEPLOY.md)."
    : "";
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
  try {
    if (!(await ready(players))) return;
  } catch (e) {
    showError(e.message);
    return;
  }
  const button = document.getElementById("submit");
  button.disabled = true;
  const text = JSON.stringify(body);
  try {
    let response;
    try {
      response = await fetch(new URL("games", here), {
        method: "POST",
        headers: { ...createHeaders(), "Idempotency-Key": keyFor(text) },
        body: text,
      });
    } catch (e) {
      throw new Error(`no reply from the server (${e.message}); press Create again: it will not make a second game`);
    }
    const data = await response.json();
    if (response.status === 401 || response.status === 403) askForKey(response.status);
    if (!response.ok) throw new Error(data.error ? data.error.message : "HTTP " + response.status);
    submission = null; // created: the next submission is a new game
    const list = document.getElementById("links");
    list.replaceChildren();
    const hrefs = [];
    for (const s of data.seats) {
      hrefs.push(new URL(s.play_url.replace(/^\//, ""), here).href);
      list.append(link(`${s.name} (seat ${s.seat + 1})`, hrefs[hrefs.length - 1]));
    }
    hrefs.push(new URL(data.host_url.replace(/^\//, ""), here).href);
    list.append(link("Host (you)", hrefs[hrefs.length - 1]));
    for (const w of data.warnings || []) list.append(el("li", { "class": "note" }, w.message));
    showReach(hrefs);
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
document.getElementById("create").addEventListener("submit", async event => {
  await create(event);
  // The game's warnings number players from 1 too.
  for (const note of document.querySelectorAll("#links li.note")) note.textContent = playerWords(note.textContent);
});
document.getElementById("check-create").addEventListener("click", () => {
  confirmed = true;
  document.getElementById("create").requestSubmit();
});
document.getElementById("check-back").addEventListener("click", () => {
  document.getElementById("check").hidden = true;
  const first = document.querySelector("#unknown li");
  const deck = first && document.querySelectorAll("#players .deck")[Number(first.dataset.player)];
  if (deck) deck.focus();
});
addPlayer();
addPlayer();
loadChoices();
