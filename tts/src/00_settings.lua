-- A Tabletop Simulator table for `mulligan serve` (docs/SERVE.md, docs/TABLETOP_SIMULATOR.md):
-- the server deals, shuffles and keeps every library and hand; this script shows them as real
-- cards and buttons, and tells the server what the players do with the cards on the table.
--
-- Paste into Global (Modding > Scripting), set SERVER, and load the save. Each colour of
-- SEATS is one player, in seat order; a Notebook tab titled with the colour ("White") holds
-- that player's deck list (any format `mulligan` reads), else DEFAULT_DECK is played. The host
-- presses "Start game": each player sees their own buttons (keep, mulligan, cards to bottom,
-- who starts), and their hand is dealt as card objects named after the cards, with Scryfall's
-- image of that name. With WHOLE_GAME the game goes on after the game start (rule 103): Draw,
-- Mill, Shuffle, Search, Scry, Reveal and Shuffle graveyard in are buttons, and a card dragged
-- from the hand to the table, a graveyard or exile, back into the hand, or onto the library
-- (top) or its bottom spot is an action the server checks, applies and logs. Only the host
-- (or a promoted player) sees "End game", which reveals the seed and fetches the log.
--
-- Every call is one WebRequest.custom(url, method, download, data, headers, callback). A lost
-- or failed reply is sent again, unchanged (actions carry their number `n`, answers their
-- decision id: the server answers a repeat with the first reply); after any error the script
-- reads every seat's view again and rebuilds the table from it. Start game carries an
-- Idempotency-Key, the same on every resend, so a lost reply never makes a second game. The
-- game (its id and tokens) is kept in the TTS save (onSave) and resumed on load (onLoad).
--
-- GENERATED FILE: edit tts/src/*.lua and run `python scripts/build_tts.py` (a test fails
-- when this file differs from a new build).

SERVER = "http://127.0.0.1:8000"
SEATS = { "White", "Red" }
DEFAULT_DECK = "24 Forest\n36 Grizzly Bears\n"
MULLIGAN_RULE = "LONDON"
-- The variant of POST /games, for #SEATS players: "AUTO" plays COMMANDER when a deck has a
-- commander section (as `mulligan analyze` reads it: the server reads the decks), else
-- TWO_PLAYER (FREE_FOR_ALL for 3 or more); or any variant by name ("COMMANDER", "BRAWL", ...).
VARIANT = "AUTO"
WHOLE_GAME = true
-- The server's create key, if its operator set one (mulligan serve --create-key-file): sent
-- as "Authorization: Bearer CREATE_KEY" when the game is created; "" for a server without.
CREATE_KEY = ""
-- The back of every spawned card: any image URL.
CARD_BACK = "https://backs.scryfall.io/large/0/a/0aeebaf5-8c7d-4636-9e82-8c27447861f7.jpg"
-- Seconds without a reply before a request is sent again (TTS's WebRequest has no timeout
-- of its own), and how many times one request is sent before the table resyncs.
REQUEST_TIMEOUT = 15
REQUEST_TRIES = 6
-- Buttons per page of a long list (a search of a 60-card library, a big look).
PAGE_SIZE = 8
-- The tokens each player's panel creates (one button a name), where the server keeps tokens.
TOKENS = { "Treasure", "Soldier" }

-- Everything the script knows, one table (inspect it from the console: MULLIGAN.game.game_id).
MULLIGAN = {
  game = nil,     -- game_id, commitment, host_token, whole_game, seats (seat, name, token)
  views = {},     -- seat (0-based) -> the seat's latest view
  objs = {},      -- seat -> card id -> { obj = the card object, zone = where it is }
  next = {},      -- seat -> the number of its next action (the view's next_action)
  bottom = {},    -- seat -> the card ids chosen so far for a "bottom" decision
  marks = {},     -- seat -> card id -> where a looked-at card goes ("top", "bottom", ...)
  pick = {},      -- seat -> the card chosen in an open search
  page = {},      -- seat -> the page shown of its long list
  conceding = {}, -- seat -> true while its Concede waits for the confirmation
  spots = {},     -- seat -> the zone objects and places of its piles (graveyard, exile, ...)
  ended = false,
  log = nil,      -- the JSON Lines log, once the game is ended
  calls = 0,      -- HTTP requests sent, retries included
  notice = nil,   -- the last error, shown to the host until the next request goes through
}
local M = MULLIGAN

-- Forward declarations: the parts below call each other.
local render, resync, act, answer, rebuildSeat, setupTable, fetchLog

local function key(id) return string.format("%d", id) end
-- A number as players read it ("19", never "19.0"), or "?" for none.
local function num(v)
  if type(v) == "number" and v == math.floor(v) then return string.format("%d", v) end
  return v == nil and "?" or tostring(v)
end
local function nameOf(seat)
  local g = M.game
  if g and g.seats and g.seats[seat + 1] then return g.seats[seat + 1].name end
  return SEATS[seat + 1]
end
local function seatOfColor(color)
  for i, c in ipairs(SEATS) do if c == color then return i - 1 end end
  return nil
end
local function isHost(player)
  return player ~= nil and (player.host == true or player.promoted == true or player.admin == true)
end
