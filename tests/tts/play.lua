-- Plays a whole game with docs/tabletop_simulator.lua in the stand-in (tests/tts/tts.lua), as
-- random players would: buttons clicked, cards dragged between the hand, the table, the
-- graveyard, exile and the library. After every step the table is checked against the server,
-- read with each seat's token directly (not through the script, nor the injected faults).
--
--   lua play.lua SCRIPT SERVER [key=value ...]
--
--   seats=2|4      players (White, Red[, Blue, Green])
--   seed=N         the players' choices and the faults
--   faults=R       the share of requests dropped, duplicated or delayed (0: none)
--   steps=N        steps to play after the game start
--   save=FILE      after the steps, write TTS's save (objects and onSave) to FILE and stop
--   load=FILE      first load FILE into this fresh stand-in (onLoad), then play on
--   finish=true    after the steps, the host ends the game and the log is fetched
--   promote=Color  that player is promoted (sees the host's buttons)
--   tour=true      before the random steps, White makes every kind of move once
--   scene=NAME     after the game start, play that scene of tests/tts/scenes.lua (its facts
--                  are in the output), then the steps
--   fault=KIND     the fault a scene gives its chosen request
--   commander=true each player's Notebook tab holds a Commander deck (White's: two partners);
--                  VARIANT stays AUTO, and the random steps move commanders too
--
-- Writes one JSON object to stdout: the game, the checks and their mismatches, the clicks
-- (calls and wall-clock seconds each), the faults injected, the log.

local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local tts = require("tts")
local cjson = require("cjson")
local http = require("socket.http")
local ltn12 = require("ltn12")
local socket = require("socket")

local script, server = arg[1], arg[2]
local opt = { seats = "2", seed = "1", faults = "0", steps = "30", finish = "false" }
for i = 3, #arg do
  local k, v = arg[i]:match("^(%w+)=(.*)$")
  if not k then error("play.lua: cannot read argument " .. arg[i]) end
  opt[k] = v
end

dofile(script)
SERVER = server
SEATS = tonumber(opt.seats) == 4 and { "White", "Red", "Blue", "Green" } or { "White", "Red" }
WHOLE_GAME = true
tts.seed(tonumber(opt.seed))
if opt.commander == "true" then
  for i, color in ipairs(SEATS) do
    local deck = i == 1
      and "Commander\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\nDeck\n40 Forest\n58 Grizzly Bears\n"
      or "Commander\n1 Kenrith, the Returned King\nDeck\n40 Forest\n59 Grizzly Bears\n"
    table.insert(tts.tabs, { index = i - 1, title = color, body = deck })
  end
end
if opt.promote then tts.promote(opt.promote) end
local rate = tonumber(opt.faults)
if rate > 0 then tts.faults = { rate = rate } end

-- The players' own choices: a second generator, so faults and choices do not shift each other.
local choice = (tonumber(opt.seed) * 7919) % 2147483646 + 1
local function random(n)
  choice = (16807 * choice) % 2147483647
  return math.floor(choice / 2147483647 * n) + 1
end
local function pick(list) return list[random(#list)] end

local M = MULLIGAN
local out = {
  checks = 0, mismatches = {}, clicks = {}, steps = {}, buttons_max = 0,
  host_only = {}, resumed = false,
}

-- -- reading the server directly -------------------------------------------------------------

local function get(path, token)
  local sink = {}
  local ok, code = http.request({
    url = server .. path, method = "GET", headers = { Authorization = "Bearer " .. token },
    sink = ltn12.sink.table(sink),
  })
  assert(ok and code == 200, "GET " .. path .. ": " .. tostring(code))
  return cjson.decode(table.concat(sink))
end

local function ids(list)
  local s = {}
  for _, c in ipairs(list or {}) do table.insert(s, string.format("%d", c.id)) end
  table.sort(s)
  return table.concat(s, ",")
end

-- The card objects of a seat, by where they lie: its hand zone, its graveyard or exile zone,
-- else the table (the battlefield and revealed cards).
local function onTable(seat)
  local color = SEATS[seat + 1]
  local spots = M.spots[seat] or {}
  local where = { hand = {}, graveyard = {}, exile = {}, command = {}, table = {} }
  local seen = {}
  for _, o in ipairs(getObjects()) do
    local s, id = (o.memo or ""):match("^(%d+):(%d+)$")
    if s and tonumber(s) == seat then
      if seen[id] then table.insert(out.mismatches, { step = #out.steps, seat = seat, what = "two objects of card " .. id }) end
      seen[id] = true
      local zone = "table"
      for _, z in ipairs(o.getZones()) do
        if z.type == "Hand" and z.getValue() == color then zone = "hand"
        elseif z.getGUID() == spots.graveyard then zone = "graveyard"
        elseif z.getGUID() == spots.exile then zone = "exile"
        elseif z.getGUID() == spots.command then zone = "command" end
      end
      table.insert(where[zone], { id = tonumber(id) })
    end
  end
  return where
end

-- Whether an object lies turned 90 degrees (a tapped card: upright is a spin of 0 or 180).
local function turned(o)
  local d = (o.getRotation().y or 0) % 180
  return d > 45 and d < 135
end

-- Where the server keeps the table's state (a view with `turn`): each battlefield card's
-- object lies turned exactly when the card is tapped, and TTS's turn is the server's.
local function checkState(label, seat, view)
  if view.turn == nil then return end
  out.stateful = true
  for _, c in ipairs(view.seats[seat + 1].battlefield or {}) do
    local o = nil
    for _, x in ipairs(getObjects()) do
      if x.memo == string.format("%d:%d", seat, c.id) then o = x end
    end
    if o and turned(o) ~= (c.tapped == true) then
      table.insert(out.mismatches, { step = #out.steps, label = label, seat = seat, what = "card " .. c.id .. " tapped " .. tostring(c.tapped) .. " but shown " .. (turned(o) and "turned" or "upright") })
    end
  end
  if Turns.turn_color ~= SEATS[view.turn.seat + 1] then
    table.insert(out.mismatches, { step = #out.steps, label = label, what = "TTS's turn is " .. tostring(Turns.turn_color) .. ", the server's seat " .. view.turn.seat })
  end
end

local function check(label)
  out.checks = out.checks + 1
  if mulliganBusy() then
    table.insert(out.mismatches, { step = #out.steps, what = "requests still pending after " .. label })
  end
  for seat = 0, #SEATS - 1 do
    local view = get("/games/" .. M.game.game_id .. "/seats/" .. seat, M.game.seats[seat + 1].token)
    local me = view.seats[seat + 1]
    local tableCards = {}
    for _, c in ipairs(me.battlefield or {}) do table.insert(tableCards, c) end
    for _, open in ipairs(view.looking or {}) do
      if open.seat == seat and open.kind == "reveal" then
        for _, c in ipairs(open.cards) do table.insert(tableCards, c) end
      end
    end
    local server = {
      hand = view.hand, graveyard = me.graveyard, exile = me.exile, command = me.command,
      table = tableCards,
    }
    checkState(label, seat, view)
    local shown = onTable(seat)
    for _, zone in ipairs({ "hand", "graveyard", "exile", "command", "table" }) do
      if ids(server[zone]) ~= ids(shown[zone]) then
        table.insert(out.mismatches, {
          step = #out.steps, label = label, seat = seat, zone = zone,
          server = ids(server[zone]), shown = ids(shown[zone]),
        })
      end
    end
  end
end

-- -- what the players do ---------------------------------------------------------------------

local function labels(color)
  local l = {}
  for _, b in ipairs(tts.buttons(color)) do table.insert(l, b.label) end
  if #l > out.buttons_max then out.buttons_max = #l end
  return l
end

local function find(color, prefix)
  local found = {}
  for _, l in ipairs(labels(color)) do
    if l:sub(1, #prefix) == prefix then table.insert(found, l) end
  end
  return found
end

-- A click, timed on the wall clock, with the calls the script made for it.
local function click(color, label, own)
  local calls, started = M.calls, socket.gettime()
  assert(tts.click(color, label), color .. " sees no button " .. label)
  if own then
    table.insert(out.clicks, { label = label, calls = M.calls - calls, seconds = socket.gettime() - started })
  end
end

local function drag(color, obj, p, what)
  local calls, started = M.calls, socket.gettime()
  tts.drag(color, obj, p)
  tts.pump()
  table.insert(out.clicks, { label = what, calls = M.calls - calls, seconds = socket.gettime() - started })
end

local function pileAt(seat, pile)
  local o = getObjectFromGUID(M.spots[seat][pile])
  return o.getPosition()
end

local function battlefieldAt(seat)
  local h = Player[SEATS[seat + 1]].getHandTransform().position
  local k = 1 - 10 / math.sqrt(h.x * h.x + h.z * h.z)
  return { x = h.x * k + (random(9) - 5), y = 2, z = h.z * k + (random(5) - 3) * 0.5 }
end

-- The seat's cards lying in `zone`, revealed cards left out (they are put away with the panel).
local function cardsIn(seat, zone)
  local found = {}
  for _, c in ipairs(onTable(seat)[zone]) do
    local h = M.objs[seat] and M.objs[seat][string.format("%d", c.id)]
    if not (h and h.zone == "revealed") then table.insert(found, c) end
  end
  return found
end

local function objectOf(seat, id)
  for _, o in ipairs(getObjects()) do
    if o.memo == string.format("%d:%d", seat, id) then return o end
  end
end

local function gameStart()
  for _ = 1, 400 do
    local done = true
    for seat = 0, #SEATS - 1 do done = done and M.views[seat] ~= nil and M.views[seat].done end
    -- (Done: a "Pass" now would be the table's Pass turn, not a decision's.)
    if done and not mulliganBusy() then return end
    local progressed = false
    for _, color in ipairs(SEATS) do
      for _, label in ipairs({ "Keep", "Bottom: ", "Start: ", "Pass" }) do
        if #find(color, label) > 0 then
          click(color, label)
          progressed = true
          break
        end
      end
    end
    local done = true
    for seat = 0, #SEATS - 1 do done = done and M.views[seat] ~= nil and M.views[seat].done end
    if done and not mulliganBusy() then return end
    if not progressed then tts.pump() end
  end
  error("the game start did not finish")
end

-- One step of a random player, or the step `force` says ({seat, r, to, lib, from, found,
-- marks}).
local function step(force)
  force = force or {}
  local seat = force.seat or (random(#SEATS) - 1)
  local color = SEATS[seat + 1]
  local view = M.views[seat]
  if force.r == 23 then
    -- A revealed card dragged onto the library: revealed cards are put away with the panel,
    -- so it goes back (no call).
    for id, h in pairs(M.objs[seat] or {}) do
      if h.zone == "revealed" then
        tts.drag(color, h.obj, pileAt(seat, "library"))
        tts.pump()
        return "revealed card onto the library"
      end
    end
  end
  if force.r == 33 and #find(color, "Damage +1 from ") > 0 then
    -- Combat damage from another seat's commander, taken by this seat (903.10a).
    click(color, "Damage +1 from ", true)
    return "commander damage"
  end
  if force.r == 24 and #cardsIn(seat, "hand") > 0 then
    -- A hand card dropped into another player's hand: it goes back (no call).
    local other = SEATS[(seat + 1) % #SEATS + 1]
    tts.drag(color, objectOf(seat, pick(cardsIn(seat, "hand")).id), Player[other].getHandTransform().position)
    tts.pump()
    return "into another hand"
  end
  if #find(color, "To ") > 0 and not force.r then
    local to = force.found or pick(find(color, "To "))
    click(color, to, true)
    return "found " .. to
  end
  if #find(color, "Take: ") > 0 and not force.r then
    if #find(color, "Next page") > 0 and random(3) == 1 then click(color, "Next page"); return "next page" end
    click(color, pick(find(color, "Take: ")))
    return "take"
  end
  if #find(color, "Done") > 0 and not force.r then
    local cards = {}
    for _, l in ipairs(labels(color)) do if l:match(": %a+$") then table.insert(cards, l) end end
    if force.marks then
      -- The first card's button, `marks` times: 2 is the graveyard (top, bottom, graveyard).
      for _ = 1, force.marks do click(color, cards[1]:match("^(.*): ") .. ": ") end
    else
      for _ = 1, random(4) - 1 do if #cards > 0 then click(color, pick(cards):match("^(.*): ") .. ": ") end end
    end
    click(color, "Done", true)
    return "done"
  end
  local hand, pub = cardsIn(seat, "hand"), {}
  for _, zone in ipairs({ "graveyard", "exile", "table" }) do
    for _, c in ipairs(cardsIn(seat, zone)) do table.insert(pub, c) end
  end
  local stateful = view.turn ~= nil
  local r = force.r or random(stateful and 32 or (opt.commander == "true" and 26 or 22))
  if r >= 27 and stateful then
    -- The table's own state: a battlefield card turned (tap or untap), a token, a counter from
    -- a card's menu, the turn ended in TTS's Turns or with the panel's Pass turn.
    local field = cardsIn(seat, "table")
    if r <= 28 and #field > 0 then
      local o = objectOf(seat, pick(field).id)
      tts.rotate(color, o, 90)
      tts.pump()
      return "turn a card"
    elseif r == 29 then
      click(color, "Token: ", true)
      return "token"
    elseif r == 30 and #field > 0 then
      local o = objectOf(seat, pick(field).id)
      tts.menu(color, o, pick({ "Add a +1/+1 counter", "Add a -1/-1 counter" }))
      tts.pump()
      return "counter"
    elseif r >= 31 then
      local active = SEATS[view.turn.seat + 1]
      -- (Pass turn is on the active player's panel unless a search or look of theirs is open.)
      -- (Not one call: the new active seat's view is read too, its permanents untapped.)
      if r == 32 and #find(active, "Pass turn") > 0 then click(active, "Pass turn") else tts.endTurn(active) end
      tts.pump()
      return "end turn"
    end
    r = 1
  end
  if r >= 25 then
    -- A commander: from the command zone onto the battlefield (a cast), or back (903.9a).
    local inCommand, onField = cardsIn(seat, "command"), {}
    for _, c in ipairs(cardsIn(seat, "table")) do
      for _, k in ipairs(out.commanders[seat + 1] or {}) do
        if k == c.id then table.insert(onField, c) end
      end
    end
    if #inCommand > 0 and (r == 25 or #onField == 0) then
      drag(color, objectOf(seat, pick(inCommand).id), battlefieldAt(seat), "command to battlefield")
      return "command to battlefield"
    elseif #onField > 0 then
      drag(color, objectOf(seat, pick(onField).id), pileAt(seat, "command"), "commander to command")
      return "battlefield to command"
    end
    r = 1
  end
  if r == 21 and #find(color, "Life -1") > 0 then click(color, "Life -1", true); return "life" end
  if r == 22 and #find(color, "Poison +1") > 0 then click(color, "Poison +1", true); return "poison" end
  if r <= 3 and view.seats[seat + 1].library_size > 0 then click(color, "Draw", true); return "draw" end
  if r == 4 then click(color, "Mill 1", true); return "mill" end
  if r == 5 then click(color, "Shuffle", true); return "shuffle" end
  if r == 6 or r == 10 then click(color, "Search library", true); return "search" end
  if r == 7 then click(color, "Scry 2", true); return "scry" end
  if r == 8 then click(color, "Reveal 1", true); return "reveal" end
  if r == 9 and #find(color, "Shuffle graveyard in") > 0 then click(color, "Shuffle graveyard in", true); return "shuffle in" end
  if r == 11 and #hand > 0 and view.seats[seat + 1].library_size > 0 then
    -- A card dragged while a click of the same player is on its way: the Draw's reply comes
    -- before the card lands and must not move it back.
    tts.drag(color, objectOf(seat, pick(hand).id), battlefieldAt(seat))
    click(color, "Draw")
    return "drag while drawing"
  end
  if r == 12 and view.seats[seat + 1].library_size > 1 then
    -- A double click: the second Draw is queued while the first is on its way, and takes the
    -- number the first one's reply gives.
    local path = "/games/" .. M.game.game_id .. "/seats/" .. seat
    local before = get(path, M.game.seats[seat + 1].token).next_action
    tts.click(color, "Draw", true)
    click(color, "Draw")
    local after = get(path, M.game.seats[seat + 1].token).next_action
    if after ~= before + 2 then
      table.insert(out.mismatches, { step = #out.steps + 1, seat = seat, what = "a double Draw applied " .. (after - before) .. " actions" })
    end
    return "double draw"
  end
  if r <= 13 and #hand > 0 then
    local card = pick(hand)
    local to = force.to or pick({ "battlefield", "battlefield", "graveyard", "exile", "another graveyard" })
    local p
    if to == "battlefield" then p = battlefieldAt(seat)
    elseif to == "another graveyard" then p = pileAt((seat + 1) % #SEATS, "graveyard")
    else p = pileAt(seat, to) end
    drag(color, objectOf(seat, card.id), p, "hand to " .. to)
    return "hand to " .. to
  end
  if r <= 15 and #pub > 0 then
    local card = pick(pub)
    local t = Player[color].getHandTransform()
    local along = random(7) - 4
    local p = { x = t.position.x + t.right.x * along, y = 3, z = t.position.z + t.right.z * along }
    drag(color, objectOf(seat, card.id), p, "to hand")
    return "to hand"
  end
  if r <= 17 and #hand + #pub > 0 then
    local all = {}
    if force.from ~= "pub" then for _, c in ipairs(hand) do table.insert(all, c) end end
    if force.from ~= "hand" then for _, c in ipairs(pub) do table.insert(all, c) end end
    local card = pick(all)
    local to = force.lib or pick({ "library", "bottom" })
    drag(color, objectOf(seat, card.id), pileAt(seat, to), "to library " .. to)
    return "to library " .. to
  end
  local notGraveyard = {}
  for _, zone in ipairs({ "exile", "table" }) do
    for _, c in ipairs(cardsIn(seat, zone)) do table.insert(notGraveyard, c) end
  end
  if #notGraveyard > 0 then
    local card = pick(notGraveyard)
    drag(color, objectOf(seat, card.id), pileAt(seat, "graveyard"), "to graveyard")
    return "table to graveyard"
  end
  click(color, "Draw", true)
  return "draw"
end

-- -- the game --------------------------------------------------------------------------------

if opt.load then
  local f = assert(io.open(opt.load))
  local saved = cjson.decode(f:read("*a"))
  f:close()
  tts.load(saved)
  tts.pump()
  out.resumed = M.game ~= nil
  out.load_texts = tts.texts()
  check("load")
else
  onLoad("")
  tts.pump()
  -- Only the host sees Start game.
  out.host_only.start_red = #find("Red", "Start game")
  click("White", "Start game")
  gameStart()
  check("game start")
  out.start_life = {}
  for seat = 0, #SEATS - 1 do
    local me = M.views[seat].seats[seat + 1]
    out.start_life[seat + 1] = me.counters and me.counters.life or me.life
  end
end

-- Each seat's commanders: the view's `commanders` where the server lists them, else what is in
-- the command zone now (the game start, or a load before any cast).
out.commanders = {}
for seat = 0, #SEATS - 1 do
  local me = M.views[seat].seats[seat + 1]
  out.commanders[seat + 1] = {}
  for _, c in ipairs(me.commanders or me.command or {}) do table.insert(out.commanders[seat + 1], c.id) end
end

if opt.scene then
  out.facts = {}
  local scene = require("scenes")[opt.scene]
  assert(scene, "play.lua: no scene " .. opt.scene)
  scene({
    tts = tts, M = M, opt = opt, facts = out.facts, objectOf = objectOf, pileAt = pileAt,
    battlefieldAt = battlefieldAt, cardsIn = cardsIn, check = check,
    click = function(color, label) click(color, label) end,
    seatView = function(seat)
      return get("/games/" .. M.game.game_id .. "/seats/" .. seat, M.game.seats[seat + 1].token)
    end,
  })
end

-- tour=true: first every kind of move once, by White, then the random steps.
local tour = {}
if opt.tour == "true" then
  tour = {
    { r = 13, to = "battlefield" }, { r = 13, to = "graveyard" }, { r = 13, to = "exile" },
    { r = 13, to = "another graveyard" }, { r = 13, to = "battlefield" }, { r = 14 },
    { r = 16, lib = "library", from = "hand" }, { r = 16, lib = "bottom", from = "hand" },
    { r = 16, lib = "library", from = "pub" }, { r = 16, lib = "bottom", from = "pub" },
    { r = 4 }, { r = 9 },
    { r = 6 }, {}, { found = "To Hand" }, { r = 6 }, {}, { found = "To Battlefield" },
    { r = 6 }, {}, { found = "To Graveyard" }, { r = 6 }, {}, { found = "To Top of library" },
    { r = 7 }, {}, { r = 7 }, { marks = 2 }, { r = 8 }, { marks = 3 }, { r = 11 }, { r = 12 },
    { r = 21 }, { r = 22 }, { r = 8 }, { r = 23 }, { marks = 0 }, { r = 24 },
  }
  -- Where the server keeps the table's state: a card turned, a token, a counter, End Turn
  -- (otherwise each is a Draw).
  for _, r in ipairs({ 27, 29, 30, 31 }) do table.insert(tour, { r = r }) end
  if opt.commander == "true" then
    -- A commander cast from the command zone, and back into it.
    table.insert(tour, { r = 25 })
    table.insert(tour, { r = 26 })
    table.insert(tour, { r = 33 })
  end
  for _, f in ipairs(tour) do f.seat = 0 end
end
for i = 1, #tour + tonumber(opt.steps) do
  table.insert(out.steps, step(tour[i]))
  tts.pump()
  check(out.steps[#out.steps])
end

if opt.save then
  local saved = tts.save()
  local f = assert(io.open(opt.save, "w"))
  f:write(cjson.encode(saved))
  f:close()
end

out.texts = tts.texts()
out.host_only.end_red = #find("Red", "End game")
out.host_only.end_white = #find("White", "End game")
if opt.finish == "true" then
  click("White", "End game")
  tts.pump()
end

out.game = { game_id = M.game.game_id, commitment = M.game.commitment, host_token = M.game.host_token, seats = M.game.seats }
out.ended = M.ended
out.log = M.log or cjson.null
out.injected = tts.injected
out.requests = #tts.requests
out.calls = M.calls
out.printed = tts.printed
out.version = _VERSION
io.write(cjson.encode(out), "\n")
