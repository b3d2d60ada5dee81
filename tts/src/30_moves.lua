
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
