// A card shown large: Scryfall's image of its name (its name alone when the image cannot
// load), while the pointer is over a card or a card has the keyboard's focus, and after a tap
// on a touch screen until the next tap. Read from the card's title (its name, set as text).
import { el, imageUrl } from "./table.js";

let box = null;
let shown = null;
let pinned = false;

function show(card) {
  const name = card.title;
  if (!name || name === shown) {
    box.hidden = !name;
    return;
  }
  shown = name;
  box.classList.remove("noimg");
  const img = el("img", { alt: "", referrerpolicy: "no-referrer" });
  img.addEventListener("error", () => box.classList.add("noimg"));
  img.src = imageUrl(name);
  box.replaceChildren(img, el("p", { class: "preview-name" }, name));
  box.hidden = false;
}

function hide() {
  if (pinned) return;
  box.hidden = true;
}

const cardAt = e => (e.target && e.target.closest ? e.target.closest(".card") : null);

/** Adds the preview to the page (once). */
export function installPreview() {
  box = el("div", { id: "preview", class: "preview", "aria-hidden": "true" });
  box.hidden = true;
  document.body.appendChild(box);
  document.addEventListener("mouseover", e => {
    const card = cardAt(e);
    if (card) show(card);
  });
  document.addEventListener("mouseout", e => { if (cardAt(e)) hide(); });
  document.addEventListener("focusin", e => {
    const card = cardAt(e);
    if (card) show(card);
    else hide();
  });
  document.addEventListener("focusout", e => {
    if (cardAt(e) && !(e.relatedTarget && e.relatedTarget.closest && e.relatedTarget.closest(".card"))) hide();
  });
  document.addEventListener("pointerup", e => {
    if (e.pointerType !== "touch") return;
    const card = cardAt(e);
    pinned = !!card;
    if (card) show(card);
    else box.hidden = true;
  });
  document.addEventListener("keydown", e => {
    if (e.key === "Escape") {
      pinned = false;
      box.hidden = true;
    }
  });
}
