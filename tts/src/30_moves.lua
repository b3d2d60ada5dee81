
-- -- the table's own moves -------------------------------------------------------------------
-- A card a player moves is reported through TTS's events (api.tabletopsimulator.com/events):
-- onObjectDrop when it is let go, onObjectEnterZone when it lands in a hand zone,
-- onObjectEnterContainer when it is dropped on the library's deck, onObjectLeaveContainer when
-- one is taken off the library's deck. The decision waits half a second (30 frames) after the
-- drop, so the zones it lands in (and a deck it falls onto) are known; meanwhile, while it is
-- held, and until the reply to its own move, a reply of the server does not move the card.
--
-- A colour moves only its own cards; the host and promoted players (Player.admin) may move
-- any, as that card's seat. Another colour's drag is put back where it was picked up, and the
-- player is told why (broadcastToColor).

-- Whether `color` may move the cards of `seat`.
local function mayMove(color, seat)
  return color == SEATS[seat + 1] or isHost(Player[color])
end

local function tell(color, message)
  if color and Player[color] then broadcastToColor("mulligan: " .. message, color, { 1, 0.6, 0.3 }) end
end

-- One move of a card: sent as the seat's action; the card is "pending" until its reply.
local function actOn(seat, h, body)
  h.pending = (h.pending or 0) + 1
  local settled = false
  act(seat, body, function()
    if not settled then
      settled = true
      h.pending = h.pending - 1
    end
  end)
end

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
    actOn(seat, h, { action = "move", cards = { card }, from = from, to = dest })
  end
end

local function tracked(obj)
  local seat, id = cardOf(obj)
  if seat == nil or M.game == nil or not M.game.whole_game or M.ended then return nil end
  local h = M.objs[seat] and M.objs[seat][id]
  if h == nil or h.obj ~= obj then return nil end
  return seat, id, h
end

local held = {} -- GUID of a held object -> the colour holding it
local pulled = {} -- GUID of a card just taken off a library deck -> that library's seat
local taking = {} -- GUIDs this script takes out of a deck itself

-- A card taken off a seat's library deck by `color`: the marker card goes, and it is that
-- seat's draw when `color` may draw for it now; else the player is told why.
local function drawOff(color, object, seat)
  pulled[object.getGUID()] = nil
  held[object.getGUID()] = nil
  if alive(object) then object.destruct() end
  local view = M.views[seat]
  local why = nil
  if color == nil then return end
  if not mayMove(color, seat) then
    why = "that library is " .. nameOf(seat) .. "'s"
  elseif M.ended or not M.game.whole_game then
    why = "the game is over: no draws now"
  elseif view == nil or not view.done then
    why = "the game start is not done: no draws yet"
  else
    for _, open in ipairs(view.looking or {}) do
      if open.seat == seat then why = "finish the open " .. open.kind .. " first (the panel)" end
    end
    local me = view.seats and view.seats[seat + 1]
    if why == nil and me and me.library_size == 0 then why = "the library is empty" end
  end
  if why then return tell(color, why .. "; the card went back") end
  act(seat, { action = "draw", count = 1 })
end

-- The seat whose library deck `container` is, if it is one.
local function libraryOf(container)
  local guid = container.getGUID()
  for seat, piles in pairs(M.spots) do
    if piles.library == guid then return seat end
  end
  return nil
end

function onObjectLeaveContainer(container, object)
  local guid = object.getGUID()
  if taking[guid] then
    taking[guid] = nil
    return
  end
  local seat = M.game and M.game.whole_game and libraryOf(container)
  if seat == nil or seat == false then return end
  pulled[guid] = seat
  -- (Already picked up: the pick-up was reported first.)
  if held[guid] then drawOff(held[guid], object, seat) end
  -- A deck of two is gone once one is taken (object.md, remainder): the marker comes back.
  Wait.frames(function()
    local ok, rest = pcall(function() return container.remainder end)
    if not alive(container) then
      if ok and alive(rest) then rest.destruct() end
      setupTable()
    end
    -- Taken out but never picked up (another script): gone, no draw.
    if pulled[guid] and alive(object) and not held[guid] then drawOff(nil, object, seat) end
  end, 1)
end

function onObjectPickUp(player_color, object)
  local guid = object.getGUID()
  held[guid] = player_color
  if pulled[guid] then return drawOff(player_color, object, pulled[guid]) end
  local seat, id, h = tracked(object)
  if seat == nil then return end
  h.busy = true
  -- Where it was picked up (or where it was going, if the table was moving it).
  h.from = (object.getPositionSmooth and object.getPositionSmooth()) or object.getPosition()
  h.refused = not mayMove(player_color, seat)
end

function onObjectDrop(player_color, object)
  local guid = object.getGUID()
  held[guid] = nil
  local seat, id, h = tracked(object)
  if seat == nil then return end
  h.busy = true
  if h.refused then
    h.refused = nil
    h.busy = nil
    -- (Dropped on a deck, it enters it a frame later: then it comes back where the server has it.)
    h.returned = true
    Wait.frames(function() h.returned = nil end, 30)
    if h.from then object.setPositionSmooth(h.from) end
    return tell(player_color, "that card is " .. nameOf(seat) .. "'s: only " .. SEATS[seat + 1]
      .. " (or the host) moves it; it went back")
  end
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
  if seat == nil or h.zone == "hand" or h.busy or (h.pending or 0) > 0 then return end
  report(seat, id, h, zone.getValue() == SEATS[seat + 1] and "hand" or "elsewhere")
end

-- A card dropped on its owner's library deck goes on top; the deck is a marker, so the card's
-- object is taken out again and removed (the server keeps the library).
function onObjectEnterContainer(container, object)
  local seat, id, h = tracked(object)
  if seat == nil then return end
  local piles = M.spots[seat] or {}
  local guid = object.getGUID()
  taking[guid] = true
  container.takeObject({ guid = guid, smooth = false, callback_function = function(taken) taken.destruct() end })
  if container.getGUID() == piles.library and h.zone ~= "revealed" and not h.returned then
    report(seat, id, h, "top")
  else
    -- Another deck (or a revealed card, put away with the panel): the card comes back where
    -- the server has it.
    M.objs[seat][id] = nil
    rebuildSeat(seat)
  end
end
