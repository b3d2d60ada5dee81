-- [tts/src/00_settings.lua]
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
-- reads every seat's view again and rebuilds the table from it. The game (its id and tokens)
-- is kept in the TTS save (onSave) and resumed on load (onLoad).
--
-- GENERATED FILE: edit tts/src/*.lua and run `python scripts/build_tts.py` (a test fails
-- when this file differs from a new build).

SERVER = "http://127.0.0.1:8000"
SEATS = { "White", "Red" }
DEFAULT_DECK = "24 Forest\n36 Grizzly Bears\n"
MULLIGAN_RULE = "LONDON"
WHOLE_GAME = true
-- The back of every spawned card: any image URL.
CARD_BACK = "https://backs.scryfall.io/large/0/a/0aeebaf5-8c7d-4636-9e82-8c27447861f7.jpg"
-- Seconds without a reply before a request is sent again (TTS's WebRequest has no timeout
-- of its own), and how many times one request is sent before the table resyncs.
REQUEST_TIMEOUT = 15
REQUEST_TRIES = 6
-- Buttons per page of a long list (a search of a 60-card library, a big look).
PAGE_SIZE = 8

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

-- [tts/src/10_requests.lua]
-- -- requests --------------------------------------------------------------------------------
-- One lane per seat (and one for the host): a lane sends one request at a time, in order, so
-- a seat's action numbers stay in order however late a reply comes.

local lanes = {}

local function gamePath() return "/games/" .. M.game.game_id end
local function seatPath(seat) return gamePath() .. "/seats/" .. seat end
local function seatToken(seat) return M.game.seats[seat + 1].token end

-- An empty Lua table is a list here (no body of this API has an empty object in it).
local function encode(body)
  if body == nil then return "" end
  return (JSON.encode(body):gsub('":%s*{}', '":[]'))
end

local runLane

local function finish(lane, req)
  req.done = true
  lane.busy = false
  runLane(lane)
end

-- What a reply means: ok (2xx with a JSON body), retry (no reply, a 5xx, a body that is not
-- JSON) or refused (a 4xx: the server's error object, code and message).
local function classify(request)
  local code = request.response_code or 0
  -- (Some TTS builds also set is_error on a 4xx; its JSON body still says what was refused.)
  if request.is_error and not (code >= 400 and code < 500) then return "retry", nil end
  if code >= 500 or code == 0 then return "retry", nil end
  if request.text == nil or request.text == "" then return "retry", nil end
  if code >= 200 and code < 300 and not request.json then return "ok", request.text end
  local reply = JSON.decode(request.text)
  if reply == nil then return "retry", nil end
  if reply.error then return "refused", reply.error end
  return "ok", reply
end

local function send(lane, req)
  req.attempt = req.attempt + 1
  local attempt = req.attempt
  local headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json" }
  if req.token then headers["Authorization"] = "Bearer " .. req.token end
  M.calls = M.calls + 1
  local function again(why)
    if req.done or req.attempt ~= attempt then return end
    if req.attempt >= REQUEST_TRIES then
      M.notice = req.method .. " " .. req.path .. ": " .. why
      print("mulligan: " .. M.notice .. "; reading the table again")
      render()
      finish(lane, req)
      if req.onGiveUp then req.onGiveUp() else resync() end
      return
    end
    -- The same request again, byte for byte: the server answers a repeat once.
    Wait.time(function() send(lane, req) end, math.min(2 ^ (req.attempt - 1), 8))
  end
  WebRequest.custom(SERVER .. req.path, req.method, true, req.data, headers, function(request)
    if req.done or req.attempt ~= attempt then return end -- a late reply to a retried request
    local kind, reply = classify({
      is_error = request.is_error, response_code = request.response_code, text = request.text,
      json = req.json,
    })
    if kind == "retry" then return again(tostring(request.error or request.response_code)) end
    req.done = true
    -- The reply is applied before the lane's next request is sent: that one's number comes
    -- from this reply's next_action.
    local ok, err = pcall(function()
      if kind == "ok" then
        M.notice = nil
        req.onOk(reply)
        -- A reply that took more than one try: the table is read again all the same.
        if req.attempt > 1 and req.method ~= "GET" and M.game ~= nil then resync() end
      else
        if req.seat ~= nil and reply.next_action then M.next[req.seat] = reply.next_action end
        M.notice = tostring(reply.code) .. ": " .. tostring(reply.message)
        print("mulligan: " .. M.notice)
        render()
        if req.onRefused then req.onRefused(reply) else resync() end
      end
    end)
    if not ok then print("mulligan: " .. tostring(err)) end
    finish(lane, req)
  end)
  Wait.time(function() again("no reply in " .. REQUEST_TIMEOUT .. " s") end, REQUEST_TIMEOUT)
end

runLane = function(lane)
  if lane.busy or #lane.queue == 0 then return end
  local req = table.remove(lane.queue, 1)
  if req.prepare then req.prepare(req) end
  if req.skip then return runLane(lane) end
  lane.busy = true
  send(lane, req)
end

-- Queues one request on the lane `laneKey` ("host" or a seat number). `spec`: method, path,
-- token, body, onOk(reply), and optionally seat, onRefused(error), onGiveUp(), json=false (a
-- body that is not JSON), prepare(req) (runs when the request's turn comes).
local function request(laneKey, spec)
  local lane = lanes[laneKey]
  if lane == nil then
    lane = { busy = false, queue = {} }
    lanes[laneKey] = lane
  end
  spec.attempt = 0
  spec.data = encode(spec.body)
  if spec.json == nil then spec.json = true end
  table.insert(lane.queue, spec)
  runLane(lane)
end

-- Whether any request is waiting or in flight (the tests wait for a quiet table).
function mulliganBusy()
  for _, lane in pairs(lanes) do
    if lane.busy or #lane.queue > 0 then return true end
  end
  return false
end

-- Reads every seat's view again and rebuilds the whole table from the server: after any error,
-- on load, and from the host's "Resync table". A seat whose view is already being read again
-- is not asked twice.
local reading = {}
resync = function(after)
  if M.game == nil then return end
  local left = #SEATS
  for seat = 0, #SEATS - 1 do
    if reading[seat] then
      left = left - 1
    else
      reading[seat] = true
      request(seat, {
        method = "GET", path = seatPath(seat), token = seatToken(seat), seat = seat,
        onOk = function(view)
          reading[seat] = false
          M.views[seat] = view
          if view.next_action then M.next[seat] = view.next_action end
          if view.ended then M.ended = true end
          rebuildSeat(seat)
          render()
          left = left - 1
          if left == 0 then
            if after then after() end
            if M.ended and M.log == nil then fetchLog() end
          end
        end,
        onRefused = function() reading[seat] = false end,
        onGiveUp = function()
          reading[seat] = false
          Wait.time(function() resync() end, REQUEST_TIMEOUT)
        end,
      })
    end
  end
end

-- [tts/src/20_table.lua]
-- -- the table: piles and card objects -------------------------------------------------------
-- Each seat's piles are laid out from its hand zone towards the table's centre: the
-- battlefield in front, then a row with the library (a deck object: a card dropped on it goes
-- on top), the library's bottom spot, revealed cards, the graveyard and exile (scripting
-- zones). Anywhere else on the table is the battlefield.

local PILES = { "graveyard", "exile", "bottom", "library" }
local PUBLIC = { "battlefield", "graveyard", "exile" }

local function urlEncode(text)
  return (text:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function cardImage(name)
  return "https://api.scryfall.com/cards/named?exact=" .. urlEncode(name) .. "&format=image"
end

-- Where a seat's things go: the hand's frame (its centre, `inward` towards the table's centre
-- and `side` along the hand).
local function frame(seat)
  local color = SEATS[seat + 1]
  local t = Player[color] and Player[color].getHandTransform and Player[color].getHandTransform()
  local p = t and t.position or { x = 0, y = 3, z = -30 + 60 * seat }
  local px, pz = p.x or p[1] or 0, p.z or p[3] or 0
  local length = math.sqrt(px * px + pz * pz)
  local ix, iz = 0, 1
  if length > 0.001 then ix, iz = -px / length, -pz / length end
  return { x = px, y = p.y or p[2] or 3, z = pz, ix = ix, iz = iz, sx = iz, sz = -ix }
end

local function at(f, inward, side, y)
  return { x = f.x + f.ix * inward + f.sx * side, y = y or 2, z = f.z + f.iz * inward + f.sz * side }
end

-- The place of the i-th card of a zone (1-based; a hand of n cards is spread to fit its zone).
local function spot(seat, zone, i, n)
  local f = frame(seat)
  i = i or 1
  if zone == "hand" then
    local gap = math.min(1.6, 12 / math.max(n or 7, 1))
    return at(f, 0, (i - ((n or 7) + 1) / 2) * gap, f.y)
  end
  if zone == "battlefield" then
    local row = math.floor((i - 1) / 8)
    return at(f, 9 + row * 3.2, (i - 1 - row * 8 - 3.5) * 2.4)
  end
  if zone == "revealed" then return at(f, 5, -2 + (i - 1) * 1.2, 2 + i * 0.05) end
  local side = { library = -9, bottom = -12, graveyard = 9, exile = 12 }
  return at(f, 5, side[zone] or 0, 2 + i * 0.05)
end

local function alive(obj)
  if obj == nil then return false end
  if obj.isDestroyed then return not obj.isDestroyed() end
  return true
end

-- The seat's zone objects, spawned once (their GUIDs are in the save).
setupTable = function()
  for seat = 0, #SEATS - 1 do
    local s = M.spots[seat] or {}
    M.spots[seat] = s
    for _, pile in ipairs(PILES) do
      local obj = s[pile] and getObjectFromGUID(s[pile])
      if not alive(obj) then
        local label = SEATS[seat + 1] .. " " .. (pile == "bottom" and "library bottom" or pile)
        -- A GUID is final once the object has spawned (object.md, guid): kept again then.
        local function spawned(o) s[pile] = o.getGUID() end
        if pile == "library" then
          obj = spawnObject({
            type = "DeckCustom", position = spot(seat, "library"), rotation = { x = 180, y = 0, z = 0 },
            callback_function = spawned,
          })
          obj.setCustomObject({ face = CARD_BACK, back = CARD_BACK, width = 1, height = 1, number = 2 })
        else
          obj = spawnObject({
            type = "ScriptingTrigger", position = spot(seat, pile), scale = { x = 2.6, y = 4, z = 3.6 },
            callback_function = spawned,
          })
        end
        obj.setName(label)
        obj.memo = "mulligan:" .. pile .. ":" .. seat
        s[pile] = obj.getGUID()
      end
    end
  end
end

-- The seat and card id a card object stands for (its memo, "seat:id"), or nil.
local function cardOf(obj)
  local memo = obj and obj.memo
  if type(memo) ~= "string" then return nil end
  local seat, id = memo:match("^(%d+):(%d+)$")
  if seat == nil then return nil end
  return tonumber(seat), key(tonumber(id))
end

-- The zone a card object is in now, as the server names it: its owner's "hand", another
-- player's hand or library ("elsewhere"), "graveyard", "exile", "bottom" (the library's
-- bottom spot) or else "battlefield"; and whether it lies in its owner's own pile (a card put
-- into another player's graveyard goes to its owner's, rule 404.2).
local function zoneOf(obj, seat)
  local pileOf = {}
  for s, piles in pairs(M.spots) do
    for pile, g in pairs(piles) do pileOf[g] = { seat = s, pile = pile } end
  end
  for _, zone in ipairs(obj.getZones and obj.getZones() or {}) do
    if zone.type == "Hand" then
      return zone.getValue() == SEATS[seat + 1] and "hand" or "elsewhere"
    end
  end
  for _, zone in ipairs(obj.getZones and obj.getZones() or {}) do
    local p = pileOf[zone.getGUID()]
    if p then
      if p.pile == "bottom" then return p.seat == seat and "bottom" or "elsewhere" end
      return p.pile, p.seat == seat
    end
  end
  return "battlefield", true
end

local function spawnCard(seat, card, zone, i, n)
  local obj = spawnObject({
    type = "CardCustom", position = spot(seat, zone, i, n),
    rotation = { x = 0, y = (frame(seat).iz >= 0) and 180 or 0, z = 0 },
  })
  obj.setCustomObject({ face = cardImage(card.name), back = CARD_BACK })
  obj.setName(card.name)
  obj.setDescription(string.format("%s's card %d", nameOf(seat), card.id))
  obj.memo = string.format("%d:%d", seat, card.id)
  return obj
end

-- What the seat's own view says of its cards: id -> { zone, card, i }.
local function wanted(seat, view)
  local want = {}
  local n = #(view.hand or {})
  for i, card in ipairs(view.hand or {}) do want[key(card.id)] = { zone = "hand", card = card, i = i, n = n } end
  local me = view.seats and view.seats[seat + 1]
  if me then
    for _, zone in ipairs(PUBLIC) do
      for i, card in ipairs(me[zone] or {}) do want[key(card.id)] = { zone = zone, card = card, i = i } end
    end
  end
  for _, open in ipairs(view.looking or {}) do
    if open.seat == seat and open.kind == "reveal" then
      for i, card in ipairs(open.cards or {}) do
        want[key(card.id)] = { zone = "revealed", card = card, i = i }
      end
    end
  end
  return want
end

-- The seat's card objects follow the seat's view: new cards are spawned where they are, cards
-- gone (drawn into the library, shuffled in) are removed, and a card the server has in
-- another zone than the table is put there. A card already where the server says stays
-- where the player left it.
rebuildSeat = function(seat)
  local view = M.views[seat]
  if view == nil then return end
  local have = M.objs[seat] or {}
  M.objs[seat] = have
  local want = wanted(seat, view)
  for id, h in pairs(have) do
    if not alive(h.obj) or want[id] == nil then
      if alive(h.obj) then h.obj.destruct() end
      have[id] = nil
    end
  end
  for id, w in pairs(want) do
    local h = have[id]
    if h == nil then
      have[id] = { obj = spawnCard(seat, w.card, w.zone, w.i, w.n), zone = w.zone }
    elseif h.busy then
      -- Held, or just dropped: its move is reported once it lands, and settled by that reply.
    elseif h.zone ~= w.zone or (w.zone == "hand" and zoneOf(h.obj, seat) ~= "hand") then
      h.obj.setPositionSmooth(spot(seat, w.zone, w.i, w.n))
      h.zone = w.zone
    end
  end
  local deck = M.spots[seat] and getObjectFromGUID(M.spots[seat].library or "")
  local me = view.seats and view.seats[seat + 1]
  if alive(deck) and me then deck.setName(SEATS[seat + 1] .. " library (" .. num(me.library_size) .. ")") end
end

-- After a load: the save brought the card objects back; each is matched to its card again
-- by its memo (a second object of one card is removed), in the zone it lies in.
local function adoptObjects()
  for _, obj in ipairs(getObjects()) do
    local seat, id = cardOf(obj)
    if seat ~= nil and seat < #SEATS then
      local have = M.objs[seat] or {}
      M.objs[seat] = have
      if have[id] and alive(have[id].obj) then
        obj.destruct()
      else
        local zone = zoneOf(obj, seat)
        if zone ~= "hand" and zone ~= "graveyard" and zone ~= "exile" then zone = "battlefield" end
        have[id] = { obj = obj, zone = zone }
      end
    end
  end
end

-- [tts/src/30_moves.lua]
-- -- the table's own moves -------------------------------------------------------------------
-- A card a player moves is reported through TTS's events (api.tabletopsimulator.com/events):
-- onObjectDrop when it is let go, onObjectEnterZone when it lands in a hand zone,
-- onObjectEnterContainer when it is dropped on the library's deck. The decision waits half a
-- second (30 frames) after the drop, so the zones it lands in (and a deck it falls onto) are
-- known; meanwhile, and while it is held, a reply of the server does not move the card.

-- Sends where a card went: `move` between the hand and the public zones, `put` onto the
-- library's top or bottom. The table shows the move at once; the reply (or, after an error,
-- the server's view) settles it.
local function report(seat, id, h, dest, own)
  if own == false and alive(h.obj) then h.obj.setPositionSmooth(spot(seat, dest, 1)) end
  if dest == h.zone then return end
  local from = h.zone
  if from == "revealed" or dest == "elsewhere" then
    -- Revealed cards are put away with the panel, and a card in another player's hand or
    -- pile goes back where it was.
    if alive(h.obj) then h.obj.setPositionSmooth(spot(seat, from, 1)) end
    return
  end
  local card = tonumber(id)
  if dest == "top" or dest == "bottom" then
    M.objs[seat][id] = nil
    if alive(h.obj) then h.obj.destruct() end
    act(seat, { action = "put", cards = { card }, from = from, to = dest })
  else
    h.zone = dest
    act(seat, { action = "move", cards = { card }, from = from, to = dest })
  end
end

local function tracked(obj)
  local seat, id = cardOf(obj)
  if seat == nil or M.game == nil or not M.game.whole_game or M.ended then return nil end
  local h = M.objs[seat] and M.objs[seat][id]
  if h == nil or h.obj ~= obj then return nil end
  return seat, id, h
end

local held = {}

function onObjectPickUp(player_color, object)
  held[object.getGUID()] = true
  local seat, id, h = tracked(object)
  if seat ~= nil then h.busy = true end
end

function onObjectDrop(player_color, object)
  local guid = object.getGUID()
  held[guid] = nil
  local seat, id, h = tracked(object)
  if seat == nil then return end
  h.busy = true
  Wait.frames(function()
    if not alive(object) or held[guid] or M.objs[seat][id] ~= h then return end
    h.busy = nil
    report(seat, id, h, zoneOf(object, seat))
  end, 30)
end

-- A card that lands in a hand zone without being held there (pushed, or dealt by TTS).
function onObjectEnterZone(zone, object)
  if zone.type ~= "Hand" or held[object.getGUID()] then return end
  local seat, id, h = tracked(object)
  if seat == nil or h.zone == "hand" then return end
  report(seat, id, h, zone.getValue() == SEATS[seat + 1] and "hand" or "elsewhere")
end

-- A card dropped on its owner's library deck goes on top; the deck is a marker, so the card's
-- object is taken out again and removed (the server keeps the library).
function onObjectEnterContainer(container, object)
  local seat, id, h = tracked(object)
  if seat == nil then return end
  local piles = M.spots[seat] or {}
  local guid = object.getGUID()
  container.takeObject({ guid = guid, callback_function = function(taken) taken.destruct() end })
  if container.getGUID() == piles.library and h.zone ~= "revealed" then
    report(seat, id, h, "top")
  else
    -- Another deck (or a revealed card, put away with the panel): the card comes back where
    -- the server has it.
    M.objs[seat][id] = nil
    rebuildSeat(seat)
  end
end

-- [tts/src/40_panel.lua]
-- -- the panel -------------------------------------------------------------------------------
-- One Global UI panel (ui.md): each player's rows are visible to that player's colour only,
-- the host's to "Admin" (the host and promoted players). It scrolls, and a long list pages.

local buttons = {} -- button id -> { seat = seat or nil, host = bool, run = function }

local function escape(text)
  return (tostring(text):gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub('"', "&quot;"))
end

local function human(kind) return (kind:gsub("_", " ")) end

local function text(rows, message, visibility)
  local v = visibility and (' visibility="' .. visibility .. '"') or ""
  table.insert(rows, '<Text color="#FFFFFF" preferredHeight="26"' .. v .. ">" .. escape(message) .. "</Text>")
end

local function button(rows, seat, label, run, host)
  local id = "mulligan" .. (#buttons + 1)
  buttons[#buttons + 1] = { seat = seat, run = run, host = host }
  buttons[id] = buttons[#buttons]
  local visibility = ""
  if host then visibility = ' visibility="Admin"'
  elseif seat then visibility = ' visibility="' .. SEATS[seat + 1] .. '"' end
  table.insert(rows, '<Button id="' .. id .. '" onClick="onMulliganButton" preferredHeight="30"'
    .. visibility .. ">" .. escape(label) .. "</Button>")
end

-- A list of entries, PAGE_SIZE at a time, with "Previous page"/"Next page" around them.
local function paged(rows, seat, entries, each)
  local pages = math.max(1, math.ceil(#entries / PAGE_SIZE))
  local page = math.min(M.page[seat] or 1, pages)
  M.page[seat] = page
  for i = (page - 1) * PAGE_SIZE + 1, math.min(#entries, page * PAGE_SIZE) do each(entries[i]) end
  if pages > 1 then
    text(rows, "Page " .. page .. " of " .. pages, SEATS[seat + 1])
    if page > 1 then button(rows, seat, "Previous page", function() M.page[seat] = page - 1; render() end) end
    if page < pages then button(rows, seat, "Next page", function() M.page[seat] = page + 1; render() end) end
  end
end

local function decisionRows(rows, seat, d)
  local view, color = M.views[seat], SEATS[seat + 1]
  text(rows, "Your decision: " .. human(d.kind), color)
  if d.kind == "keep_or_mulligan" then
    button(rows, seat, "Keep " .. #view.hand, function() answer(seat, d, { action = "keep" }) end)
    if d.can_mulligan then
      button(rows, seat, "Mulligan", function() answer(seat, d, { action = "mulligan" }) end)
    end
  elseif d.kind == "bottom" then
    local chosen = M.bottom[seat] or {}
    M.bottom[seat] = chosen
    text(rows, "Put " .. num(d.count) .. " on the bottom (" .. #chosen .. " chosen)", color)
    local left = {}
    for _, card in ipairs(d.hand) do
      local taken = false
      for _, id in ipairs(chosen) do taken = taken or id == card.id end
      if not taken then table.insert(left, card) end
    end
    paged(rows, seat, left, function(card)
      button(rows, seat, "Bottom: " .. card.name, function()
        table.insert(chosen, card.id)
        if #chosen == d.count then
          M.bottom[seat] = nil
          answer(seat, d, { action = "bottom", cards = chosen })
        else
          render()
        end
      end)
    end)
  elseif d.kind == "choose_starting_player" then
    for _, s in ipairs(d.options) do
      button(rows, seat, "Start: " .. nameOf(s), function()
        answer(seat, d, { action = "choose_starting_player", starting_seat = s })
      end)
    end
  elseif d.kind == "vancouver" then
    local top = d.card and d.card.name or "the top card"
    button(rows, seat, "Scry " .. top .. " to the bottom", function()
      answer(seat, d, { action = "vancouver", bottom = true })
    end)
    button(rows, seat, "Keep " .. top .. " on top", function()
      answer(seat, d, { action = "vancouver", bottom = false })
    end)
  else
    button(rows, seat, "Pass", function() answer(seat, d, { action = "pass_actions" }) end)
  end
end

local SEARCH_TO = { { "hand", "Hand" }, { "battlefield", "Battlefield" }, { "graveyard", "Graveyard" }, { "top", "Top of library" } }
local LOOK_TO = { "top", "bottom", "graveyard", "hand", "exile", "battlefield" }

-- An open search: the library's cards by name (one button a name, paged), then where the
-- chosen card goes.
local function searchRows(rows, seat, open)
  local color = SEATS[seat + 1]
  local pick = M.pick[seat]
  if pick then
    text(rows, "Found " .. pick.name .. ": where does it go?", color)
    for _, to in ipairs(SEARCH_TO) do
      button(rows, seat, "To " .. to[2], function()
        M.pick[seat] = nil
        act(seat, { action = "found", cards = { pick.id }, to = to[1] })
      end)
    end
    button(rows, seat, "Choose another card", function() M.pick[seat] = nil; render() end)
    return
  end
  local byName, names = {}, {}
  for _, card in ipairs(open.cards or {}) do
    if byName[card.name] == nil then
      byName[card.name] = { name = card.name, id = card.id, count = 0 }
      table.insert(names, card.name)
    end
    byName[card.name].count = byName[card.name].count + 1
  end
  table.sort(names)
  local entries = {}
  for _, n in ipairs(names) do table.insert(entries, byName[n]) end
  text(rows, "Searching your library (" .. #(open.cards or {}) .. " cards): choose one", color)
  paged(rows, seat, entries, function(e)
    button(rows, seat, "Take: " .. e.name .. " (" .. e.count .. ")", function()
      M.pick[seat] = { id = e.id, name = e.name }
      render()
    end)
  end)
  button(rows, seat, "Find nothing", function()
    act(seat, { action = "found", cards = {}, to = "hand" })
  end)
end

-- An open look or reveal: each card's button says where it goes (click: the next place), and
-- Done puts them all away (401.4).
local function lookRows(rows, seat, open)
  local color = SEATS[seat + 1]
  local marks = M.marks[seat] or {}
  M.marks[seat] = marks
  text(rows, (open.kind == "reveal" and "Revealed" or "The top of your library")
    .. ": click a card to choose where it goes", color)
  paged(rows, seat, open.cards or {}, function(card)
    local where = marks[key(card.id)] or "top"
    button(rows, seat, card.name .. ": " .. where, function()
      for i, to in ipairs(LOOK_TO) do
        if to == where then marks[key(card.id)] = LOOK_TO[i % #LOOK_TO + 1] end
      end
      render()
    end)
  end)
  button(rows, seat, "Done", function()
    local body = { action = "arrange" }
    for _, to in ipairs(LOOK_TO) do body[to] = {} end
    for _, card in ipairs(open.cards or {}) do
      table.insert(body[marks[key(card.id)] or "top"], card.id)
    end
    M.marks[seat] = nil
    act(seat, body)
  end)
end

-- The whole game's controls of one seat.
local function tableRows(rows, seat)
  local view, color = M.views[seat], SEATS[seat + 1]
  local me = view.seats and view.seats[seat + 1] or {}
  local counters = me.counters
  local life = counters and counters.life or me.life
  text(rows, "Life " .. num(life) .. ", library " .. num(me.library_size)
    .. ", hand " .. #(view.hand or {}) .. ", graveyard " .. #(me.graveyard or {}), color)
  for _, open in ipairs(view.looking or {}) do
    if open.seat == seat then
      if open.kind == "search" then return searchRows(rows, seat, open) end
      return lookRows(rows, seat, open)
    end
  end
  M.page[seat] = 1
  button(rows, seat, "Draw", function() act(seat, { action = "draw", count = 1 }) end)
  button(rows, seat, "Mill 1", function() act(seat, { action = "mill", count = 1 }) end)
  button(rows, seat, "Shuffle", function() act(seat, { action = "shuffle" }) end)
  button(rows, seat, "Search library", function() act(seat, { action = "search" }) end)
  button(rows, seat, "Scry 2", function() act(seat, { action = "look", count = 2 }) end)
  button(rows, seat, "Reveal 1", function() act(seat, { action = "reveal", count = 1 }) end)
  -- Life and poison are public counters the server logs as actions of the seat, when it
  -- keeps them (the view's `counters`).
  if counters then
    for _, c in ipairs({ { "life", -1, "Life -1" }, { "life", 1, "Life +1" }, { "poison", 1, "Poison +1" } }) do
      button(rows, seat, c[3], function()
        act(seat, { action = "counter", counter = c[1], delta = c[2] })
      end)
    end
  end
  if #(me.graveyard or {}) > 0 then
    button(rows, seat, "Shuffle graveyard in", function()
      local ids = {}
      for _, card in ipairs(me.graveyard) do table.insert(ids, card.id) end
      act(seat, { action = "shuffle_in", cards = ids, from = "graveyard" })
    end)
  end
end

local function panelXml(rows)
  local height = 0
  for _, row in ipairs(rows) do height = height + (row:match("^<Button") and 34 or 30) end
  return '<Panel id="mulligan" rectAlignment="UpperRight" offsetXY="-10 -80" width="360" '
    .. 'height="720" color="#1E1E1EE0"><VerticalScrollView width="360" height="720" '
    .. 'color="#00000000"><VerticalLayout padding="8 8 8 8" spacing="4" height="'
    .. math.max(720, height + 16) .. '" childForceExpandHeight="false">'
    .. table.concat(rows) .. "</VerticalLayout></VerticalScrollView></Panel>"
end

render = function()
  for k in pairs(buttons) do buttons[k] = nil end
  local rows = {}
  if M.notice then text(rows, "The server said: " .. M.notice, "Admin") end
  if M.game == nil then
    text(rows, "mulligan: no game yet")
    button(rows, nil, "Start game", function() startGame() end, true)
  else
    local done = true
    for seat = 0, #SEATS - 1 do
      local view = M.views[seat]
      if view then
        done = done and view.done
        local color = SEATS[seat + 1]
        text(rows, nameOf(seat) .. " (" .. color .. ")", color)
        if view.pending and view.pending[1] then
          decisionRows(rows, seat, view.pending[1])
        elseif not view.done then
          text(rows, "Waiting for the other players", color)
        elseif M.game.whole_game and not M.ended then
          tableRows(rows, seat)
        end
      else
        done = false
      end
    end
    if M.ended then
      text(rows, "Game over: the log verifies with `mulligan verify`")
    elseif done and M.game.whole_game then
      button(rows, nil, "End game", function() endGame() end, true)
    elseif done then
      text(rows, "The game start is done: the log verifies with `mulligan verify`")
    end
    button(rows, nil, "Resync table", function() resync() end, true)
  end
  UI.setXml(panelXml(rows))
end

-- A button of the panel: only the player of its seat may press it, a host button only the
-- host or a promoted player (the visibility hides them from the others; this checks again).
function onMulliganButton(player, value, id)
  local b = buttons[id]
  if b == nil then return end
  if b.host and not isHost(player) then
    printToColor("mulligan: only the host may do that", player.color)
    return
  end
  if b.seat ~= nil and player.color ~= SEATS[b.seat + 1] then
    printToColor("mulligan: that button is " .. nameOf(b.seat) .. "'s", player.color)
    return
  end
  b.run()
end

-- [tts/src/50_game.lua]
-- -- the game --------------------------------------------------------------------------------

local function deckFor(color)
  for _, tab in ipairs(Notes.getNotebookTabs() or {}) do
    if tab.title == color and tab.body and tab.body:match("%S") then return tab.body end
  end
  return DEFAULT_DECK
end

local function playerName(color)
  local p = Player[color]
  return (p and p.steam_name) or color
end

-- A seat's new view: its objects and the panel follow it.
local function show(seat, view)
  M.views[seat] = view
  if view.next_action then M.next[seat] = view.next_action end
  if view.ended then M.ended = true end
  rebuildSeat(seat)
  render()
end

-- An answer of the game start. Its reply is the seat's view; an answer can give another seat
-- its next decision, so the other seats' views are read too (the game start only).
answer = function(seat, decision, fields)
  local body = { decision = decision.id }
  for k, v in pairs(fields) do body[k] = v end
  request(seat, {
    method = "POST", path = seatPath(seat) .. "/answer", token = seatToken(seat), seat = seat,
    body = body,
    onOk = function(view)
      show(seat, view)
      for other = 0, #SEATS - 1 do
        if other ~= seat then
          request(other, {
            method = "GET", path = seatPath(other), token = seatToken(other), seat = other,
            onOk = function(v)
              show(other, v)
              local done = true
              for s = 0, #SEATS - 1 do done = done and M.views[s] and M.views[s].done end
              -- A game of the start only is over at 103.8: its log (with the seed) is published.
              if done and not M.game.whole_game and M.log == nil then fetchLog() end
            end,
          })
        end
      end
    end,
  })
end

-- One action of a seat: a click on its own zones costs this one call, whose reply is the
-- seat's view. Its number is the seat's next_action when its turn to be sent comes; a retry
-- sends the same number and body, which the server answers once.
act = function(seat, action)
  request(seat, {
    method = "POST", path = seatPath(seat) .. "/actions", token = seatToken(seat), seat = seat,
    body = action,
    prepare = function(req)
      req.body.n = M.next[seat] or 1
      req.data = encode(req.body)
    end,
    onOk = function(view) show(seat, view) end,
  })
end

function startGame()
  if M.game ~= nil then return end
  local players = {}
  for _, color in ipairs(SEATS) do
    table.insert(players, { name = playerName(color), deck = deckFor(color) })
  end
  local body = { players = players, variant = "TWO_PLAYER", mulligan = MULLIGAN_RULE }
  if #SEATS > 2 then body.variant = "FREE_FOR_ALL" end
  if WHOLE_GAME then body.whole_game = true end
  request("host", {
    method = "POST", path = "/games", body = body,
    -- A second POST /games would be another game: a lost reply is not sent again.
    onGiveUp = function() print("mulligan: the game was not created; press Start game again") end,
    onOk = function(created)
      if M.game ~= nil then return end
      M.game = {
        game_id = created.game_id, commitment = created.commitment,
        host_token = created.host_token, whole_game = WHOLE_GAME, seats = created.seats,
      }
      print("mulligan: game " .. created.game_id .. ", seed commitment " .. created.commitment)
      if WHOLE_GAME then setupTable() end
      resync()
    end,
  })
end

-- The log is JSON Lines, not JSON: read with the host's token.
fetchLog = function()
  request("host", {
    method = "GET", path = gamePath() .. "/log", token = M.game.host_token, json = false,
    onOk = function(text)
      M.log = text
      print("mulligan: log of " .. #text .. " bytes; check it with mulligan verify")
      render()
    end,
    onRefused = function() end,
  })
end

-- The host ends the game: the server reveals the seed, and the log can be verified.
function endGame()
  request("host", {
    method = "POST", path = gamePath() .. "/end", token = M.game.host_token, body = {},
    onOk = function()
      M.ended = true
      render()
      fetchLog()
    end,
  })
end

-- -- save and load ---------------------------------------------------------------------------
-- onSave runs at every save, autosave and rewind point (events.md): it returns the game's id,
-- tokens and action numbers, and the GUIDs of the piles, as JSON. onLoad(script_state)
-- resumes that game: it matches the saved card objects to their cards again and rebuilds the
-- table from the server's views.

function onSave()
  if M.game == nil then return "" end
  local seats, next, spots = {}, {}, {}
  for seat = 0, #SEATS - 1 do
    local s = M.game.seats[seat + 1]
    seats[seat + 1] = { seat = seat, name = s.name, token = s.token }
    next[seat + 1] = M.next[seat] or 1
    spots[seat + 1] = M.spots[seat] or {}
  end
  return JSON.encode({
    format = "mulligan-tts/1", server = SERVER, colors = SEATS,
    game = {
      game_id = M.game.game_id, commitment = M.game.commitment,
      host_token = M.game.host_token, whole_game = M.game.whole_game, seats = seats,
    },
    next = next, spots = spots, ended = M.ended,
  })
end

function onLoad(script_state)
  local saved = script_state and script_state ~= "" and JSON.decode(script_state)
  if type(saved) == "table" and saved.format == "mulligan-tts/1" and saved.game then
    SERVER = saved.server or SERVER
    SEATS = saved.colors or SEATS
    M.game = saved.game
    M.ended = saved.ended == true
    for seat = 0, #SEATS - 1 do
      M.next[seat] = saved.next and saved.next[seat + 1] or 1
      M.spots[seat] = saved.spots and saved.spots[seat + 1] or {}
    end
    adoptObjects()
    if M.game.whole_game then setupTable() end
    print("mulligan: resuming game " .. M.game.game_id)
    render()
    resync()
    return
  end
  render()
end
